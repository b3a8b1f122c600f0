import Foundation

/// The one source of time in Tether: an operation's delays, retry backoff, staleness, timeouts,
/// polling and garbage collection, and a terminal event loop's spinner frames, countdowns and
/// toasts all read a clock of this type.
///
/// Production code uses ``SystemClock``; tests use ``TestClock`` and move time by hand, so no
/// test ever sleeps. One `TestClock` can drive the operations and the event loop of an app at
/// once, so a single `advance(by:)` moves both.
public protocol TetherClock: Sendable {
  /// The current date on this clock.
  func now() -> Date

  /// Suspends until `deadline` has been reached on this clock.
  ///
  /// Throws `CancellationError` if the calling task is cancelled first.
  func sleep(until deadline: Date) async throws
}

extension TetherClock {
  /// Suspends for `duration` on this clock; throws `CancellationError` if cancelled first.
  public func sleep(for duration: Duration) async throws {
    try await sleep(until: now().adding(duration))
  }
}

extension Date {
  /// This date moved forward by `duration`.
  public func adding(_ duration: Duration) -> Date {
    addingTimeInterval(duration.timeInterval)
  }

  /// The duration from `earlier` to this date; negative when `earlier` is later.
  public func duration(since earlier: Date) -> Duration {
    .seconds(timeIntervalSince(earlier))
  }
}

extension Duration {
  /// The duration as a `TimeInterval` (seconds), keeping sub-second precision.
  public var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
  }
}

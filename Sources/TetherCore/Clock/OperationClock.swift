import Foundation

/// The source of time for everything an operation does: delays, retry backoff, staleness,
/// timeouts, polling and garbage collection all read the clock in the operation's context.
///
/// Production code uses ``SystemClock``; tests use ``TestClock`` and move time by hand, so no
/// test ever sleeps.
public protocol OperationClock: Sendable {
  /// The current date on this clock.
  func now() -> Date

  /// Suspends until `deadline` has been reached on this clock.
  ///
  /// Throws `CancellationError` if the calling task is cancelled first.
  func sleep(until deadline: Date) async throws
}

extension OperationClock {
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

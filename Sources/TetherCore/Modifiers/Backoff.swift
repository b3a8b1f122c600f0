import Foundation

/// How long to wait before each retry.
///
/// `delay(beforeRetry:)` is given the retry number, starting at 1 for the first retry.
///
/// ```swift
/// query.retry(limit: 5, backoff: .exponential(base: .milliseconds(200)).jittered())
/// ```
public struct Backoff: Sendable {
  private let delayBeforeRetry: @Sendable (Int) -> Duration

  /// A backoff from a function of the retry number (1 for the first retry).
  public static func custom(_ delay: @escaping @Sendable (_ retry: Int) -> Duration) -> Backoff {
    Backoff(delayBeforeRetry: delay)
  }

  /// The delay to wait before retry number `retry` (1 for the first retry).
  public func delay(beforeRetry retry: Int) -> Duration {
    max(.zero, delayBeforeRetry(max(retry, 1)))
  }

  /// No delay between attempts.
  public static let none = Backoff.constant(.zero)

  /// The same delay before every retry.
  public static func constant(_ delay: Duration) -> Backoff {
    .custom { _ in delay }
  }

  /// A delay that grows by `step` each retry: `initial`, `initial + step`, ... capped at `cap`.
  public static func linear(
    initial: Duration = .seconds(1), step: Duration = .seconds(1), cap: Duration = .seconds(30)
  ) -> Backoff {
    .custom { retry in min(cap, initial + step * (retry - 1)) }
  }

  /// A delay that doubles (or grows by `multiplier`) each retry, capped at `cap`:
  /// 1, 2, 4, 8 … 30 s by default.
  public static func exponential(
    base: Duration = .seconds(1), multiplier: Double = 2, cap: Duration = .seconds(30)
  ) -> Backoff {
    .custom { retry in
      let factor = pow(multiplier, Double(retry - 1))
      let seconds = base.timeInterval * factor
      return seconds.isFinite && seconds < cap.timeInterval ? .seconds(seconds) : cap
    }
  }

  /// The default backoff: exponential from 1 s, doubling, capped at 30 s.
  public static let `default` = Backoff.exponential()

  /// This backoff with random jitter: each delay is scaled by a factor drawn uniformly from
  /// `1 - fraction ... 1 + fraction`, computed in fractions of a second so sub-second delays
  /// jitter as well as long ones.
  ///
  /// - Parameters:
  ///   - fraction: how far a delay may move either way, as a fraction of it.
  ///   - random: a source of numbers in `0..<1`; inject a fixed one in tests.
  public func jittered(
    by fraction: Double = 0.5,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) -> Backoff {
    let fraction = min(max(fraction, 0), 1)
    return .custom { retry in
      let delay = self.delay(beforeRetry: retry)
      let factor = 1 - fraction + 2 * fraction * random()
      return .seconds(delay.timeInterval * factor)
    }
  }
}

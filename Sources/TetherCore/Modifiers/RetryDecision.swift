/// What a retry policy decides after a failed attempt.
public enum RetryDecision: Sendable, Hashable {
  /// Retry after the backoff's delay for this attempt.
  case retry
  /// Retry after exactly this delay (for example an HTTP `Retry-After` header).
  case retryAfter(Duration)
  /// Do not retry: the failure is final.
  case doNotRetry
}

/// A failure that knows whether retrying it may succeed.
///
/// The retry modifier asks failures that conform whether to retry, so a policy lives with the
/// error type: an HTTP error retries a 503 but not a 404, everywhere it is used.
///
/// ```swift
/// enum FeedError: RetryableFailure {
///   case offline, notFound
///   var retryDecision: RetryDecision { self == .offline ? .retry : .doNotRetry }
/// }
/// ```
public protocol RetryableFailure: Error {
  /// Whether and when to retry after this failure.
  var retryDecision: RetryDecision { get }

  /// Whether the attempt that ended in this failure got far enough that the run's backoff
  /// and retry limit start over: the retry modifier counts this failure as the first of a new
  /// series — the next delay is the backoff's first, and `limit` more retries are allowed —
  /// while the attempts keep their numbers (``RetryProgress/failedAttempts`` goes on, and
  /// ``RetryProgress/retryLimit`` grows with the retries forgiven). A stream that delivered
  /// events before it stopped says so, as `EventSource` reconnects after the same delay
  /// however many times a working stream ends. False by default.
  var restartsBackoff: Bool { get }
}

extension RetryableFailure {
  /// False: a failure is one more of a series.
  public var restartsBackoff: Bool { false }
}

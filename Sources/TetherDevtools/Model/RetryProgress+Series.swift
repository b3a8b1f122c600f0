import TetherCore

/// A retry's numbers as the devtools say them. A run whose attempt made progress before it
/// failed (a stream that delivered events, then dropped) starts its backoff and limit over:
/// its attempts keep their numbers, and the limit counts the series since then
/// (`failedAttemptsInSeries` of `attemptLimitInSeries`) — so the devtools say `attempt 1003
/// failed, 2 of 4 since the run last delivered`, never `attempt 1003 of 1005`.
extension RetryProgress {
  /// `attempt 2 of 4 failed`, or in a series started over `attempt 1003 failed, 2 of 4 since
  /// the run last delivered`.
  public var failureText: String {
    guard startedSeriesOver else { return "attempt \(failedAttempts) of \(attemptLimit) failed" }
    return "attempt \(failedAttempts) failed, \(failedAttemptsInSeries) of \(attemptLimitInSeries)"
      + " since the run last delivered"
  }

  /// The next attempt against the limit, for a narrow column: `3/4` (the third of four of
  /// its series).
  public var nextAttemptFraction: String {
    "\(failedAttemptsInSeries + 1)/\(attemptLimitInSeries)"
  }
}

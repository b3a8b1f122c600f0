import Foundation

/// The retry progress of a run in flight: how many attempts have failed, the last failure, and
/// when the next attempt starts — enough for a UI to show "attempt 2 of 4 failed — retrying in
/// 1.4 s".
public struct RetryProgress<Failure: Error>: Sendable {
  /// How many attempts of this run have failed so far.
  public var failedAttempts: Int
  /// How many retries the run may make after its first attempt.
  public var retryLimit: Int
  /// How many of the failed attempts came before the current series: a failure after progress
  /// (``RetryableFailure/restartsBackoff``, a stream that delivered events) starts the backoff
  /// and the limit over, and ``retryLimit`` grows by this much. 0 until then.
  public var failedAttemptsBeforeSeries: Int
  /// The failure of the latest attempt.
  public var lastFailure: Failure
  /// When the next attempt starts.
  public var nextAttemptDate: Date
  /// When the next attempt was sent, once its wait (and any pause for the network) is over;
  /// nil while the run still waits for it. A UI says "retrying in 1.4 s" until then, and
  /// "sending attempt 3 of 4" after — never a countdown stuck at zero.
  public var nextAttemptStartDate: Date?

  /// A retry in progress: how many attempts failed of how many allowed, why the last one failed,
  /// and when the next one is due and starts.
  public init(
    failedAttempts: Int, retryLimit: Int, lastFailure: Failure, nextAttemptDate: Date,
    nextAttemptStartDate: Date? = nil, failedAttemptsBeforeSeries: Int = 0
  ) {
    self.failedAttempts = failedAttempts
    self.retryLimit = retryLimit
    self.failedAttemptsBeforeSeries = failedAttemptsBeforeSeries
    self.lastFailure = lastFailure
    self.nextAttemptDate = nextAttemptDate
    self.nextAttemptStartDate = nextAttemptStartDate
  }

  /// The number of the attempt after the failed ones, from 2.
  public var nextAttempt: Int { failedAttempts + 1 }

  /// Whether the next attempt has been sent and has not ended yet.
  public var isSendingNextAttempt: Bool { nextAttemptStartDate != nil }

  /// How many attempts the run makes at most: the first one plus every retry.
  public var attemptLimit: Int { retryLimit + 1 }

  /// Whether the backoff and the limit started over during this run
  /// (``failedAttemptsBeforeSeries`` is not 0).
  public var startedSeriesOver: Bool { failedAttemptsBeforeSeries > 0 }

  /// The failed attempts the limit counts: those of the current series.
  public var failedAttemptsInSeries: Int { failedAttempts - failedAttemptsBeforeSeries }

  /// How many attempts the current series makes at most: its first (the one that made
  /// progress, or the run's first) and its retries. ``attemptLimit`` without a restart.
  public var attemptLimitInSeries: Int { attemptLimit - failedAttemptsBeforeSeries }

  /// The time left until the next attempt at `date`, never negative.
  public func timeUntilNextAttempt(at date: Date) -> Duration {
    max(.zero, nextAttemptDate.duration(since: date))
  }
}

import Foundation

/// What every state reads from its ``RunTracker``, once for all kinds.
extension OperationState {
  /// What data there is: pending, success or failure.
  public var status: OperationStatus { tracker.status }
  /// What is happening now: idle, fetching or paused.
  public var fetchStatus: FetchStatus { tracker.fetchStatus }
  /// The latest failure, cleared by the next success (and by a new run while there is no
  /// value).
  public var error: Failure? { tracker.error }
  /// How many attempts of the latest run that failed an attempt have failed; it stays after
  /// the run ends and is reset to 0 by the next success, so a UI can say "failed after 4
  /// attempts".
  public var failureCount: Int { tracker.failureCount }
  /// The failure of the latest failed attempt, reset by the next success.
  public var failureReason: Failure? { tracker.failureReason }
  /// How many times the value changed.
  public var valueUpdateCount: Int { tracker.valueUpdateCount }
  /// When the value last changed.
  public var valueLastUpdatedAt: Date? { tracker.valueLastUpdatedAt }
  /// How many times a run's failure was recorded.
  public var errorUpdateCount: Int { tracker.errorUpdateCount }
  /// When a run's failure was last recorded.
  public var errorLastUpdatedAt: Date? { tracker.errorLastUpdatedAt }
  /// How many runs have started.
  public var runCount: Int { tracker.runCount }
  /// Whether the value was invalidated since it was last fetched.
  public var isInvalidated: Bool { tracker.isInvalidated }
  /// Whether the latest run was cancelled with `cancel(revert: false)`, keeping what it had
  /// changed; cleared when the next run starts.
  public var isCancelled: Bool { tracker.cancellation == .kept }
  /// Whether the latest run was cancelled, and whether its changes were reverted or kept;
  /// nil when it was not cancelled, and cleared when the next run starts. Unlike
  /// ``isCancelled``, it tells a reverted cancellation (a refetch replacing the run, the last
  /// subscriber leaving) from a run that never was.
  public var cancellation: RunCancellation? { tracker.cancellation }
  /// The retry progress of the run in flight, if it has failed attempts.
  public var retryProgress: RetryProgress<Failure>? { tracker.retryProgress }
  /// The latest transfer report of the run in flight; nil when none is under way.
  public var transferProgress: TransferProgress? { tracker.transferProgress }
}

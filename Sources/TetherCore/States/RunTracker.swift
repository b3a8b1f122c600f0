import Foundation

/// The bookkeeping every state shares: runs in flight, counters and dates, the latest outcome
/// and the retry progress.
struct RunTracker<Failure: Error>: Sendable {
  var activeRuns: [OperationRunID] = []
  var runCount = 0
  var valueUpdateCount = 0
  var valueLastUpdatedAt: Date?
  var errorUpdateCount = 0
  var errorLastUpdatedAt: Date?
  var error: Failure?
  var outcome = OperationStatus.idle
  var isInvalidated = false
  var retryProgress: RetryProgress<Failure>?
  var retryingRun: OperationRunID?
  /// The latest run whose final result was applied; older results are dropped.
  var latestAppliedRun: OperationRunID?

  var isLoading: Bool { !activeRuns.isEmpty }
  var status: OperationStatus { isLoading ? .loading : outcome }

  mutating func start(_ run: OperationRunID) {
    activeRuns.append(run)
    runCount += 1
  }

  /// Ends `run`; returns whether its final result is newer than the latest applied one.
  mutating func end(_ run: OperationRunID) -> Bool {
    activeRuns.removeAll { $0 == run }
    if retryingRun == run {
      retryProgress = nil
      retryingRun = nil
    }
    if let latestAppliedRun, latestAppliedRun > run { return false }
    latestAppliedRun = run
    return true
  }

  mutating func cancel(_ run: OperationRunID) {
    activeRuns.removeAll { $0 == run }
    if retryingRun == run {
      retryProgress = nil
      retryingRun = nil
    }
  }

  mutating func scheduleRetry(_ run: OperationRunID, _ progress: RetryProgress<Failure>) {
    retryingRun = run
    retryProgress = progress
  }

  mutating func recordValue(at date: Date, final: Bool) {
    valueUpdateCount += 1
    valueLastUpdatedAt = date
    if final {
      error = nil
      outcome = .success
      isInvalidated = false
    }
  }

  mutating func recordError(_ failure: Failure, at date: Date, final: Bool) {
    error = failure
    errorUpdateCount += 1
    errorLastUpdatedAt = date
    if final { outcome = .failure }
  }
}

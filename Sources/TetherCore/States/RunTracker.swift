import Foundation

/// The one bookkeeping record every state shares: runs in flight (and which of them wait),
/// counters and dates, the latest outcome, the failure history and the retry progress.
@usableFromInline
struct RunTracker<Failure: Error>: Sendable {
  @usableFromInline var active = RunSet()
  @usableFromInline var paused = RunSet()
  @usableFromInline var runCount = 0
  @usableFromInline var valueUpdateCount = 0
  @usableFromInline var valueLastUpdatedAt: Date?
  @usableFromInline var errorUpdateCount = 0
  @usableFromInline var errorLastUpdatedAt: Date?
  @usableFromInline var error: Failure?
  @usableFromInline var outcome = OperationStatus.pending
  @usableFromInline var isInvalidated = false
  /// How the latest run ended when it was cancelled; nil when it was not (or runs again).
  @usableFromInline var cancellation: RunCancellation?
  @usableFromInline var failureCount = 0
  @usableFromInline var failureReason: Failure?
  @usableFromInline var retryProgress: RetryProgress<Failure>?
  @usableFromInline var retryingRun: OperationRunID?
  /// What the devtools simulate (`InspectableStore.simulateLoading()` and
  /// `simulateFailure(_:)`), until a real outcome, or a restore, replaces it.
  @usableFromInline var simulation: SimulatedState.Kind?
  /// The latest transfer report, of `transferRun`.
  @usableFromInline var transferProgress: TransferProgress?
  @usableFromInline var transferRun: OperationRunID?
  /// The latest run whose final result was applied; older results are dropped.
  @usableFromInline var latestAppliedRun: OperationRunID?

  @inlinable init() {}

  @inlinable
  var fetchStatus: FetchStatus {
    if active.isEmpty { return .idle }
    return paused.count == active.count ? .paused : .fetching
  }

  @inlinable
  mutating func start(_ run: OperationRunID) {
    active.insert(run)
    runCount += 1
    cancellation = nil
  }

  /// Whether the final result of `run` is newer than the latest applied one; if so, it
  /// becomes the latest applied. Call before applying the result, then `remove(_:)` the run.
  @inlinable
  mutating func claimResult(of run: OperationRunID) -> Bool {
    if let latestAppliedRun, latestAppliedRun > run { return false }
    latestAppliedRun = run
    return true
  }

  @inlinable
  mutating func cancel(_ run: OperationRunID, reverted: Bool) {
    remove(run)
    cancellation = reverted ? .reverted : .kept
  }

  @inlinable
  mutating func remove(_ run: OperationRunID) {
    active.remove(run)
    paused.remove(run)
    if retryingRun == run {
      retryProgress = nil
      retryingRun = nil
    }
    if transferRun == run {
      transferProgress = nil
      transferRun = nil
    }
  }

  /// Records how far the transfer of `run`, a run in flight, has come.
  @inlinable
  mutating func recordTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    guard active.contains(run) else { return }
    transferProgress = progress
    transferRun = run
  }

  @inlinable
  mutating func pause(_ run: OperationRunID) {
    if active.contains(run) { paused.insert(run) }
  }

  @inlinable
  mutating func resume(_ run: OperationRunID) {
    paused.remove(run)
  }

  @inlinable
  mutating func scheduleRetry(_ run: OperationRunID, _ progress: RetryProgress<Failure>) {
    retryingRun = run
    retryProgress = progress
    failureCount = progress.failedAttempts
    failureReason = progress.lastFailure
  }

  /// Records that the retry `scheduleRetry(_:_:)` announced for `run` was sent at `date`.
  @inlinable
  mutating func startAttempt(of run: OperationRunID, at date: Date) {
    guard retryingRun == run else { return }
    retryProgress?.nextAttemptStartDate = date
  }

  /// Records a value; a final one (a run's result, a value set by hand) is a success.
  @inlinable
  mutating func recordValue(at date: Date, final: Bool) {
    valueUpdateCount += 1
    valueLastUpdatedAt = date
    if final {
      simulation = nil
      error = nil
      outcome = .success
      isInvalidated = false
      failureCount = 0
      failureReason = nil
    }
  }

  /// Records a failure; a final one (the result of `run`) ends the run's failure history.
  @inlinable
  mutating func recordError(_ failure: Failure, at date: Date, final: Bool, of run: OperationRunID?)
  {
    error = failure
    errorUpdateCount += 1
    errorLastUpdatedAt = date
    if final {
      simulation = nil
      outcome = .failure
      let earlier = run != nil && retryingRun == run ? retryProgress?.failedAttempts ?? 0 : 0
      failureCount = earlier + 1
      failureReason = failure
    }
  }
}

/// A small set of run ids: nearly always empty or one element, so the first is kept inline.
@usableFromInline
struct RunSet: Sendable {
  @usableFromInline var first: OperationRunID?
  @usableFromInline var rest: [OperationRunID] = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { first == nil }
  @inlinable var count: Int { first == nil ? 0 : 1 + rest.count }

  @inlinable
  func contains(_ run: OperationRunID) -> Bool {
    first == run || (!rest.isEmpty && rest.contains(run))
  }

  @inlinable
  mutating func insert(_ run: OperationRunID) {
    if first == nil {
      first = run
    } else if !contains(run) {
      rest.append(run)
    }
  }

  @inlinable
  mutating func remove(_ run: OperationRunID) {
    if first == run {
      first = rest.isEmpty ? nil : rest.removeFirst()
    } else if !rest.isEmpty {
      rest.removeAll { $0 == run }
    }
  }
}

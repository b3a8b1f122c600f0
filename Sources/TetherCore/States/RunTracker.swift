import Foundation

/// The bookkeeping of a state's runs, one record every ``OperationState`` keeps: the runs in
/// flight (and which of them wait), counters and dates, the latest outcome, the failure
/// history and the progress of retries and transfers.
///
/// A state exposes it as ``OperationState/tracker``, and the fields a screen reads
/// (``OperationState/status``, ``OperationState/failureCount``…) are read from it by one
/// extension of the protocol, not forwarded by each kind of state. Only the store changes it,
/// through the state's `apply(_:)`: a copy read from a state may be changed, which changes
/// nothing else.
public struct RunTracker<Failure: Error>: Sendable {
  var active = RunSet()
  var paused = RunSet()
  /// How many runs have started.
  public var runCount = 0
  /// How many times the value changed, and when it last did.
  public var valueUpdateCount = 0
  public var valueLastUpdatedAt: Date?
  /// How many times a run's failure was recorded, and when the last one was.
  public var errorUpdateCount = 0
  public var errorLastUpdatedAt: Date?
  /// What data there is: pending, success or failure.
  public var status = OperationStatus.pending
  /// Whether the value was invalidated since it was last fetched.
  public var isInvalidated = false
  /// How the latest run ended when it was cancelled; nil when it was not (or runs again).
  public var cancellation: RunCancellation?
  /// How many attempts of the latest run that failed an attempt have failed.
  public var failureCount = 0
  /// The latest transfer report of the run in flight.
  public var transferProgress: TransferProgress?
  var retryingRun: OperationRunID?
  /// What the devtools simulate (`InspectableStore.simulateLoading()` and
  /// `simulateFailure(_:)`), until a real outcome, or a restore, replaces it.
  var simulation: SimulatedState.Kind?
  /// The run `transferProgress` is of.
  var transferRun: OperationRunID?
  /// The latest run whose final result was applied; older results are dropped.
  var latestAppliedRun: OperationRunID?
  /// False only while `error` and `failureReason` are both nil (every change of either sets
  /// it), so that a success clears them only when there is something to clear: their check
  /// reads a `Failure?` through metadata looked up in code compiled once.
  var mayHaveFailures = false
  // The fields whose layout depends on `Failure` come last, so that code not specialised for
  // it reaches the others at fixed offsets.
  /// The latest failure, cleared by the next success.
  public var error: Failure? {
    didSet { mayHaveFailures = true }
  }
  /// The failure of the latest failed attempt.
  public var failureReason: Failure? {
    didSet { mayHaveFailures = true }
  }
  /// The retry progress of the run in flight, if it has failed attempts.
  public var retryProgress: RetryProgress<Failure>?

  init() {}

  /// What is happening now: idle, fetching, or paused when every run in flight waits.
  public var fetchStatus: FetchStatus {
    if active.isEmpty { return .idle }
    return paused.count == active.count ? .paused : .fetching
  }

  @usableFromInline
  mutating func start(_ run: OperationRunID) {
    active.insert(run)
    runCount += 1
    cancellation = nil
  }

  /// Whether the final result of `run` is newer than the latest applied one; if so, it
  /// becomes the latest applied. Call before applying the result, then `remove(_:)` the run.
  mutating func claimResult(of run: OperationRunID) -> Bool {
    if let latestAppliedRun, latestAppliedRun > run { return false }
    latestAppliedRun = run
    return true
  }

  /// The end of `run` with a value at `date`: a success, unless a newer run's result was
  /// applied already (false: the state keeps its value). The run is no longer in flight.
  @usableFromInline
  mutating func finish(_ run: OperationRunID, at date: Date) -> Bool {
    let isApplied = claimResult(of: run)
    if isApplied { recordValue(at: date, final: true) }
    remove(run)
    return isApplied
  }

  /// The end of `run` with `failure` at `date`: a failure, unless a newer run's result was
  /// applied already. The run is no longer in flight.
  @usableFromInline
  mutating func finish(_ run: OperationRunID, failingWith failure: Failure, at date: Date) {
    if claimResult(of: run) { recordError(failure, at: date, final: true, of: run) }
    remove(run)
  }

  mutating func cancel(_ run: OperationRunID, reverted: Bool) {
    remove(run)
    cancellation = reverted ? .reverted : .kept
  }

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
  mutating func recordTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    guard active.contains(run) else { return }
    transferProgress = progress
    transferRun = run
  }

  mutating func pause(_ run: OperationRunID) {
    if active.contains(run) { paused.insert(run) }
  }

  mutating func resume(_ run: OperationRunID) {
    paused.remove(run)
  }

  /// Records an event that changes only the bookkeeping of a run in flight — a retry
  /// scheduled, an attempt sent, transfer progress, a pause, a resume — alike for every kind
  /// of state; any other event is the state's to apply and changes nothing here.
  mutating func record<State: OperationState>(_ event: OperationEvent<State>)
  where State.Failure == Failure {
    switch event {
    case .retryScheduled(let run, let progress): scheduleRetry(run, progress)
    case .attemptStarted(let run, let date): startAttempt(of: run, at: date)
    case .transferProgressed(let run, let progress): recordTransfer(progress, of: run)
    case .runPaused(let run): pause(run)
    case .runResumed(let run): resume(run)
    default: break
    }
  }

  mutating func scheduleRetry(_ run: OperationRunID, _ progress: RetryProgress<Failure>) {
    retryingRun = run
    retryProgress = progress
    failureCount = progress.failedAttempts
    failureReason = progress.lastFailure
  }

  /// Records that the retry `scheduleRetry(_:_:)` announced for `run` was sent at `date`.
  mutating func startAttempt(of run: OperationRunID, at date: Date) {
    guard retryingRun == run else { return }
    retryProgress?.nextAttemptStartDate = date
  }

  /// Records a value; a final one (a run's result, a value set by hand) is a success.
  mutating func recordValue(at date: Date, final: Bool) {
    valueUpdateCount += 1
    valueLastUpdatedAt = date
    if final {
      simulation = nil
      if mayHaveFailures { clearFailures() }
      status = .success
      isInvalidated = false
      failureCount = 0
    }
  }

  /// Clears the latest failure and the latest attempt's.
  mutating func clearFailures() {
    error = nil
    failureReason = nil
    mayHaveFailures = false
  }

  /// Records a failure; a final one (the result of `run`) ends the run's failure history.
  mutating func recordError(_ failure: Failure, at date: Date, final: Bool, of run: OperationRunID?)
  {
    error = failure
    errorUpdateCount += 1
    errorLastUpdatedAt = date
    if final {
      simulation = nil
      status = .failure
      let earlier = run != nil && retryingRun == run ? retryProgress?.failedAttempts ?? 0 : 0
      failureCount = earlier + 1
      failureReason = failure
    }
  }
}

/// A small set of run ids: nearly always empty or one element, so the first is kept inline.
struct RunSet: Sendable {
  var first: OperationRunID?
  var rest: [OperationRunID] = []

  var isEmpty: Bool { first == nil }
  var count: Int { first == nil ? 0 : 1 + rest.count }

  func contains(_ run: OperationRunID) -> Bool {
    first == run || (!rest.isEmpty && rest.contains(run))
  }

  mutating func insert(_ run: OperationRunID) {
    if first == nil {
      first = run
    } else if !contains(run) {
      rest.append(run)
    }
  }

  mutating func remove(_ run: OperationRunID) {
    if first == run {
      first = rest.isEmpty ? nil : rest.removeFirst()
    } else if !rest.isEmpty {
      rest.removeAll { $0 == run }
    }
  }
}

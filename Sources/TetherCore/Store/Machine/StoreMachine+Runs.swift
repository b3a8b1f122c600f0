import Foundation

/// The machine's part of the transitions of runs: the runs in flight, their waiters and the
/// run log. Which run an input may share or must wait for is the typed shell's to say.
extension StoreMachine {
  /// Whether any run is in flight.
  var hasRuns: Bool { !runs.isEmpty }

  /// Makes `waiter` wait for a run in flight if it must or may: for the end of the first run
  /// `mustWait` selects (to derive its input again then), or else, for a `.join` of a store
  /// that deduplicates, for the result of the first run `canShare` selects. False when it
  /// waits for none (there is none in flight, say).
  mutating func wait(
    _ waiter: Waiter, mode: RunMode, mustWait: ((any Sendable)?) -> Bool,
    canShare: ((any Sendable)?) -> Bool
  ) -> Bool {
    if runs.isEmpty { return false }
    if `defer`(waiter, toRunWhere: mustWait) { return true }
    return mode == .join && deduplicates && join(waiter, runWhere: canShare)
  }

  /// Makes `waiter` wait for the end of the first run `mustWait` selects, to derive its input
  /// again then; false when there is none.
  mutating func `defer`(_ waiter: Waiter, toRunWhere mustWait: ((any Sendable)?) -> Bool) -> Bool {
    guard let index = runs.firstIndex(where: { mustWait($0.input) }) else { return false }
    runs[index].deferred.append(waiter)
    return true
  }

  /// Makes `waiter` wait for the result of the first run `canShare` selects; false when there
  /// is none.
  mutating func join(_ waiter: Waiter, runWhere canShare: ((any Sendable)?) -> Bool) -> Bool {
    guard let index = runs.firstIndex(where: { canShare($0.input) }) else { return false }
    runs[index].waiters.append(waiter)
    return true
  }

  /// The id of a new run.
  mutating func takeRunID() -> OperationRunID {
    defer { nextRunID += 1 }
    return OperationRunID(rawValue: nextRunID)
  }

  /// The id of a new run and its start date: now, or the restored attempt's.
  mutating func nextRun(restoring restored: RestoredAttempt?) -> (OperationRunID, Date) {
    (takeRunID(), restored?.startDate ?? now)
  }

  /// Records run `id` of `input` (nil for a query's, which the log shows as nothing), which
  /// runs with the configuration of now, once the state has taken its start (`state` queued for
  /// subscribers when there are some): it is logged and its task launched once the lock is
  /// released. A restored attempt goes on from where it was.
  mutating func start(
    _ id: OperationRunID, input: (any Sendable)?,
    trigger: RunTrigger, startDate: Date, waiter: Waiter?, restored: RestoredAttempt?,
    queueing state: StateBox?, freshUntil: Date?
  ) {
    changed(queueing: state, freshUntil: freshUntil)
    let attempt = (restored?.failedAttempts ?? 0) + 1
    record(
      RunLogRecord(
        .runStarted, at: now, run: id, attempt: attempt, trigger: trigger,
        payload: input))
    runs.append(
      Run(
        id: id, trigger: trigger, startDate: startDate, input: input, waiters: SmallList(waiter),
        attempt: attempt))
    effects.actions.append(
      .launch(RunLaunch(id: id, input: input, configuration: configuration, restored: restored)))
  }

  /// Adds callers moved from runs replaced by run `id` to its waiters.
  mutating func add(_ waiters: SmallList<Waiter>, to id: OperationRunID) {
    guard let index = index(of: id) else { return }
    runs[index].waiters.append(contentsOf: waiters)
  }

  /// The date run `id` ends at, when it ends in the step under way: nil when it is no longer
  /// in flight (cancelled meanwhile), and its result is dropped.
  func endDate(of id: OperationRunID) -> Date? {
    index(of: id) == nil ? nil : now
  }

  /// Ends run `id` with `outcome` (`failure` when it failed): it is logged, its callers are
  /// resumed with the outcome, and those that waited for its end derive their input again.
  /// Returns the automatic run that waited for it, to start now.
  mutating func finish(
    _ id: OperationRunID, outcome: any AnyObject & Sendable, failure: (any Sendable)?
  ) -> RunTrigger? {
    guard let index = index(of: id) else { return nil }
    let run = runs.remove(at: index)
    effects.finishedRun = id
    if !runs.isEmpty { dropRevertStates() }
    record(
      RunLogRecord(
        failure == nil ? .succeeded : .failed, at: now, run: id, attempt: run.attempt,
        otherDate: run.startDate, payload: failure))
    run.waiters.each { resume($0, with: .finished(outcome)) }
    run.deferred.each { resume($0, with: .again) }
    defer { pendingRerun = nil }
    return pendingRerun
  }

  /// A caller stopped waiting: it is told so at once. Returns the run it waited for when
  /// nobody wants that run any more, to cancel.
  mutating func cancelWaiter(_ id: UInt64) -> OperationRunID? {
    for index in runs.indices {
      if let waiter = runs[index].deferred.remove(where: { $0.id == id }) {
        resume(waiter, with: .cancelled)
        return nil
      }
      guard let waiter = runs[index].waiters.remove(where: { $0.id == id }) else { continue }
      resume(waiter, with: .cancelled)
      let run = runs[index]
      let isWanted = run.isAutomatic && !subscribers.isEmpty
      return run.waiters.isEmpty && !isWanted ? run.id : nil
    }
    return nil
  }

  /// A run removed from the runs in flight is cancelled: its task, and its deferred callers
  /// derive their input again.
  mutating func cancelled(_ run: Run) {
    if let task = run.task { effects.actions.append(.cancel(task)) }
    for waiter in run.deferred { resume(waiter, with: .again) }
  }
}

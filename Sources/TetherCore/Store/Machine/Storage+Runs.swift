import Foundation

/// The machine's transitions of runs: starting one (or joining one in flight), its end, and
/// cancelling.
extension OperationStore.Storage {
  @inlinable
  mutating func enqueue(
    _ waiter: OperationStore.Waiter, trigger: RunTrigger, mode: RunMode,
    restoring restored: RestoredAttempt?, isCancelled: Bool, derive: (State) -> State.RunInput?
  ) {
    if isCancelled {
      resume(waiter, with: .finished(.failure(.cancelled)))
      return
    }
    guard let input = derive(state) else {
      resume(waiter, with: .nothing)
      return
    }
    if !runs.isEmpty, let index = runs.firstIndex(where: { State.mustWait(input, for: $0.input) }) {
      runs[index].deferred.append(waiter)
      return
    }
    var waiters = SmallList(waiter)
    switch mode {
    case .join:
      if configuration.deduplicates, !runs.isEmpty,
        let index = runs.firstIndex(where: { State.canShareRun(input, with: $0.input) })
      {
        runs[index].waiters.append(waiter)
        return
      }
    case .replace:
      replaceRuns(sharing: input, movingWaitersInto: &waiters)
    case .fresh:
      break
    }
    startRun(input, trigger: trigger, waiters: waiters, restoring: restored)
  }

  /// Records a new run; its task starts once the lock is released. A restored attempt keeps
  /// its submission date and attempt count.
  @inlinable
  mutating func startRun(
    _ input: State.RunInput, trigger: RunTrigger, waiters: SmallList<OperationStore.Waiter>,
    restoring restored: RestoredAttempt? = nil
  ) {
    let id = OperationRunID(rawValue: nextRunID)
    nextRunID += 1
    let startDate = restored?.startDate ?? now
    let attempt = (restored?.failedAttempts ?? 0) + 1
    apply(.runStarted(id, input: input, date: startDate))
    record(
      RunLogRecord(
        .runStarted, at: now, run: id, attempt: attempt, trigger: trigger,
        payload: OperationStore.loggedInput(input)))
    var run = OperationStore.Run(
      id: id, input: input, trigger: trigger, startDate: startDate, waiters: waiters)
    if restored != nil { run.attempt = attempt }
    runs.append(run)
    effects.actions.append(
      .launch(
        OperationStore.Launch(
          id: id, input: input, configuration: configuration, restored: restored)))
  }

  /// Records the end of run `id`, unless it was cancelled meanwhile; its callers are resumed
  /// once subscribers and listeners have seen the state it left.
  @inlinable
  mutating func finish(
    _ id: OperationRunID, with result: Result<State.OperationValue, State.Failure>
  ) {
    guard let index = runs.firstIndex(where: { $0.id == id }) else { return }
    let run = runs.remove(at: index)
    effects.finishedRun = id
    apply(.runFinished(id, result, date: now))
    dropRevertStates()
    let outcome: Result<State.OperationValue, OperationError<State.Failure>>
    switch result {
    case .success(let value):
      record(
        RunLogRecord(.succeeded, at: now, run: id, attempt: run.attempt, otherDate: run.startDate))
      outcome = .success(value)
    case .failure(let failure):
      record(
        RunLogRecord(
          .failed, at: now, run: id, attempt: run.attempt, otherDate: run.startDate,
          payload: failure))
      outcome = .failure(.failure(failure))
    }
    for waiter in run.waiters { resume(waiter, with: .finished(outcome)) }
    for waiter in run.deferred { resume(waiter, with: .again) }
    if let trigger = pendingRerun {
      pendingRerun = nil
      startAutomaticRunIfNeeded(trigger)
    }
  }

  /// A caller stopped waiting: it is told so at once, and the run is cancelled if nobody
  /// wants it any more.
  mutating func cancelWaiter(_ id: UInt64) {
    for index in runs.indices {
      if let waiter = runs[index].deferred.remove(where: { $0.id == id }) {
        resume(waiter, with: .finished(.failure(.cancelled)))
        return
      }
      guard let waiter = runs[index].waiters.remove(where: { $0.id == id }) else { continue }
      resume(waiter, with: .finished(.failure(.cancelled)))
      let run = runs[index]
      let isWanted = run.isAutomatic && !subscribers.isEmpty
      if run.waiters.isEmpty && !isWanted {
        cancelRuns(reverting: true) { $0.id == run.id }
      }
      return
    }
  }

  /// Cancels the runs `shouldCancel` selects: their callers get a cancellation, their tasks
  /// are cancelled, and their results are never applied.
  mutating func cancelRuns(
    reverting: Bool, where shouldCancel: (OperationStore.Run) -> Bool
  ) {
    guard runs.contains(where: shouldCancel) else { return }
    let cancelled = runs.filter(shouldCancel)
    runs.removeAll(where: shouldCancel)
    for run in cancelled {
      for waiter in run.waiters { resume(waiter, with: .finished(.failure(.cancelled))) }
      end(run, reverting: reverting)
    }
  }

  /// Cancels the runs a `refetch()` of `input` replaces; their callers move to the new run.
  @usableFromInline
  mutating func replaceRuns(
    sharing input: State.RunInput, movingWaitersInto waiters: inout SmallList<OperationStore.Waiter>
  ) {
    let isReplaced = { (run: OperationStore.Run) in State.canShareRun(input, with: run.input) }
    guard runs.contains(where: isReplaced) else { return }
    let replaced = runs.filter(isReplaced)
    runs.removeAll(where: isReplaced)
    for run in replaced {
      waiters.append(contentsOf: run.waiters)
      end(run, reverting: true)
    }
  }

  /// Ends a run removed from the runs in flight as cancelled.
  mutating func end(_ run: OperationStore.Run, reverting: Bool) {
    if let task = run.task { effects.actions.append(.cancel(task)) }
    for waiter in run.deferred { resume(waiter, with: .again) }
    // What the run yielded is undone only when nothing else changed the state since.
    if reverting, let revertState = run.revertState, runs.isEmpty {
      state = revertState
    }
    apply(.runCancelled(run.id, reverted: reverting, date: now))
    record(
      RunLogRecord(
        .cancelled, at: now, run: run.id, attempt: run.attempt, otherDate: run.startDate,
        flag: reverting))
  }

  /// Forgets every run's revert snapshot: the state has changed for another reason.
  @inlinable
  mutating func dropRevertStates() {
    guard !runs.isEmpty else { return }
    for index in runs.indices where runs[index].revertState != nil {
      runs[index].revertState = nil
    }
  }
}

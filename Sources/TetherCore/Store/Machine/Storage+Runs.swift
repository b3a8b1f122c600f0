import Foundation

/// The machine's transitions of runs: starting one (or joining one in flight), its end, and
/// cancelling. The shell compares inputs and changes the state; the machine keeps the runs.
extension OperationStore.Storage {
  /// A caller wants a run. The common cases — a run to start, to join or to wait for — are
  /// decided here, specialised for the state where it is called; the rest (a cancelled
  /// caller, nothing to run, a `.replace`) by code compiled once.
  mutating func enqueue(
    _ waiter: StoreMachine.Waiter, trigger: RunTrigger, mode: RunMode,
    restoring restored: RestoredAttempt?, isCancelled: Bool, derive: (State) -> State.RunInput?
  ) {
    if !isCancelled, mode != .replace, let input = derive(state) {
      if !machine.wait(
        waiter, mode: mode, mustWait: { State.mustWait(input, for: Self.input($0)) },
        canShare: { State.canShareRun(input, with: Self.input($0)) })
      {
        startRun(input, trigger: trigger, waiter: waiter, restoring: restored)
      }
      return
    }
    enqueueInGeneral(
      waiter, trigger: trigger, mode: mode, restoring: restored, isCancelled: isCancelled,
      derive: derive)
  }

  /// A query's `fetch()` wants a run (a query's input is `Void`, and its runs are all alike):
  /// it joins the run in flight when the store deduplicates, or starts one.
  mutating func enqueueFetch(_ waiter: StoreMachine.Waiter, isCancelled: Bool) {
    if isCancelled {
      machine.resume(waiter, with: .cancelled)
    } else if !machine.wait(waiter, mode: .join, mustWait: { _ in false }, canShare: { _ in true })
    {
      startRun(kept: nil, trigger: .fetch, waiter: waiter)
    }
  }

  /// A caller wants a run: it is told it was cancelled or that there is nothing to run, joins
  /// a run it may share, waits for one it must follow, or starts its own (replacing runs in
  /// flight for a `.replace`).
  mutating func enqueueInGeneral(
    _ waiter: StoreMachine.Waiter, trigger: RunTrigger, mode: RunMode,
    restoring restored: RestoredAttempt?, isCancelled: Bool, derive: (State) -> State.RunInput?
  ) {
    if isCancelled {
      machine.resume(waiter, with: .cancelled)
      return
    }
    guard let input = derive(state) else {
      machine.resume(waiter, with: .nothing)
      return
    }
    if machine.hasRuns {
      if machine.wait(
        waiter, mode: mode, mustWait: { State.mustWait(input, for: Self.input($0)) },
        canShare: { State.canShareRun(input, with: Self.input($0)) })
      {
        return
      }
      if mode == .replace {
        startRun(input, trigger: trigger, waiter: waiter, replacingRunsRestoring: restored)
        return
      }
    }
    startRun(input, trigger: trigger, waiter: waiter, restoring: restored)
  }

  /// A run's input, as the machine keeps it: nil for a query's (`Void`), which costs neither
  /// an existential nor a cast.
  static func input(_ input: (any Sendable)?) -> State.RunInput {
    if State.RunInput.self == Void.self { return unsafeBitCast((), to: State.RunInput.self) }
    return input as! State.RunInput
  }

  /// `input` as the machine keeps it.
  static func kept(_ input: State.RunInput) -> (any Sendable)? {
    State.RunInput.self == Void.self ? nil : input
  }

  /// Records a new run; its task starts once the lock is released. A restored attempt keeps
  /// its submission date and attempt count.
  @discardableResult
  mutating func startRun(
    _ input: State.RunInput, trigger: RunTrigger, waiter: StoreMachine.Waiter?,
    restoring restored: RestoredAttempt? = nil
  ) -> OperationRunID {
    startRun(kept: Self.kept(input), trigger: trigger, waiter: waiter, restoring: restored)
  }

  /// `startRun` given the input as the machine keeps it (nil for a query's).
  @discardableResult
  mutating func startRun(
    kept: (any Sendable)?, trigger: RunTrigger, waiter: StoreMachine.Waiter?,
    restoring restored: RestoredAttempt? = nil
  ) -> OperationRunID {
    let (id, startDate) = machine.nextRun(restoring: restored)
    configuration.started(&state, id, kept, startDate)
    let box = queued()
    machine.start(
      id, input: kept, trigger: trigger,
      startDate: startDate, waiter: waiter, restored: restored, queueing: box,
      freshUntil: box == nil ? nil : state.freshUntil)
    return id
  }

  /// Starts a run of `input` in place of the runs it replaces (a `refetch()`, an
  /// invalidation): they are cancelled, and their callers wait for the new run after `waiter`.
  mutating func startRun(
    _ input: State.RunInput, trigger: RunTrigger, waiter: StoreMachine.Waiter?,
    replacingRunsRestoring restored: RestoredAttempt?
  ) {
    var moved = SmallList<StoreMachine.Waiter>()
    replaceRuns(sharing: input, movingWaitersInto: &moved)
    let id = startRun(input, trigger: trigger, waiter: waiter, restoring: restored)
    machine.add(moved, to: id)
  }

  /// Records the end of run `id`, unless it was cancelled meanwhile; its callers are resumed
  /// once subscribers and listeners have seen the state it left.
  mutating func finish(
    _ id: OperationRunID, with result: Result<State.OperationValue, State.Failure>
  ) {
    let failure: (any Sendable)?
    switch result {
    case .success: failure = nil
    case .failure(let error): failure = error
    }
    finish(id, outcome: RunOutcome.box(result), failure: failure) {
      $0.apply(.runFinished(id, result, date: $1))
    }
  }

  /// Records the end of run `id` with `outcome` (its ``RunOutcome``), unless it was cancelled
  /// meanwhile: `apply` gives the state the result at the end's date. A fetch's end comes
  /// this way from its task, where `apply` is specialised for the state.
  mutating func finish(
    _ id: OperationRunID, outcome: any AnyObject & Sendable, failure: (any Sendable)?,
    applying apply: (inout State, Date) -> Void
  ) {
    guard let date = machine.endDate(of: id) else { return }
    apply(&state, date)
    let box = queued()
    finished(
      id, outcome: outcome, failure: failure, queueing: box,
      freshUntil: box == nil ? nil : state.freshUntil)
  }

  /// The machine's part of the end of run `id`, whose result the state has taken (`state`
  /// queued for subscribers when there are some): its callers are resumed, and the automatic
  /// run that waited for it starts.
  mutating func finished(
    _ id: OperationRunID, outcome: any AnyObject & Sendable, failure: (any Sendable)?,
    queueing state: StateBox?, freshUntil: Date?
  ) {
    machine.changed(queueing: state, freshUntil: freshUntil)
    if let trigger = machine.finish(id, outcome: outcome, failure: failure) {
      startAutomaticRunIfNeeded(trigger)
    }
  }

  /// A caller stopped waiting: it is told so at once, and the run is cancelled if nobody
  /// wants it any more.
  mutating func cancelWaiter(_ id: UInt64) {
    guard let run = machine.cancelWaiter(id) else { return }
    cancelRuns(reverting: true) { $0.id == run }
  }

  /// Cancels the runs `shouldCancel` selects: their callers get a cancellation, their tasks
  /// are cancelled, and their results are never applied.
  mutating func cancelRuns(
    reverting: Bool, where shouldCancel: (StoreMachine.Run) -> Bool
  ) {
    guard machine.runs.contains(where: shouldCancel) else { return }
    let cancelled = machine.runs.filter(shouldCancel)
    machine.runs.removeAll(where: shouldCancel)
    for run in cancelled {
      for waiter in run.waiters { machine.resume(waiter, with: .cancelled) }
      end(run, reverting: reverting)
    }
  }

  /// Cancels the runs a `refetch()` of `input` replaces; their callers move to the new run.
  mutating func replaceRuns(
    sharing input: State.RunInput,
    movingWaitersInto waiters: inout SmallList<StoreMachine.Waiter>
  ) {
    let isReplaced = { (run: StoreMachine.Run) in
      State.canShareRun(input, with: Self.input(run.input))
    }
    guard machine.runs.contains(where: isReplaced) else { return }
    let replaced = machine.runs.filter(isReplaced)
    machine.runs.removeAll(where: isReplaced)
    for run in replaced {
      waiters.append(contentsOf: run.waiters)
      end(run, reverting: true)
    }
  }

  /// Ends a run removed from the runs in flight as cancelled.
  mutating func end(_ run: StoreMachine.Run, reverting: Bool) {
    machine.cancelled(run)
    // What the run yielded is undone only when nothing else changed the state since.
    if reverting, let revertState = run.revertState, machine.runs.isEmpty {
      state = unsafeDowncast(revertState, to: TypedStateBox<State>.self).state
    }
    apply(.runCancelled(run.id, reverted: reverting, date: machine.now))
    machine.record(
      RunLogRecord(
        .cancelled, at: machine.now, run: run.id, attempt: run.attempt,
        otherDate: run.startDate, flag: reverting))
  }
}

import Foundation
import Synchronization
import TetherSynchronization

/// How a call that runs the operation treats an equivalent run in flight.
@usableFromInline
enum RunMode: Sendable {
  /// Joins it when the store deduplicates (`fetch()`).
  case join
  /// Cancels it and starts afresh; its callers wait for the new run (`refetch()`).
  case replace
  /// Always starts its own run (`mutate(with:)`).
  case fresh
}

/// Running: starting runs (or joining one in flight), their tasks, their ends, and cancelling.
///
/// The path of a fetch is specialised into the caller's module (`@inlinable`), so the store's
/// generic code costs no metadata lookups on the hot path.
extension OperationStore {
  /// Runs the operation with the input `derive` reads from the state (under the lock, so it
  /// sees the state the run starts from) and waits for its end.
  ///
  /// A run that must wait for another (a next page during a refetch of every page) waits for
  /// it, then derives its input again. Cancelling the calling task stops waiting at once, and
  /// cancels the run (and its retries) unless others still wait for it or it is the store's
  /// own run for its subscribers.
  @inlinable
  func runStep(
    _ trigger: RunTrigger, mode: RunMode, returnsWhenPaused: Bool = false,
    derive: (State) -> State.RunInput?
  ) async -> RunStep {
    while true {
      let id = Self.nextID()
      let step = await withTaskCancellationHandler {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<RunStep, Never>) in
          let waiter = Waiter(
            id: id, continuation: continuation, returnsWhenPaused: returnsWhenPaused)
          perform(
            update { storage, effects in
              enqueue(
                waiter, trigger: trigger, mode: mode, derive: derive, in: &storage,
                effects: &effects)
            })
        }
      } onCancel: {
        cancelWaiter(id)
      }
      if case .again = step { continue }
      return step
    }
  }

  @inlinable
  func enqueue(
    _ waiter: Waiter, trigger: RunTrigger, mode: RunMode, derive: (State) -> State.RunInput?,
    in storage: inout Storage, effects: inout Effects
  ) {
    if Task.isCancelled {
      effects.resume(waiter.continuation, with: .finished(.failure(.cancelled)))
      return
    }
    guard let input = derive(storage.state) else {
      effects.resume(waiter.continuation, with: .nothing)
      return
    }
    if !storage.runs.isEmpty,
      let index = storage.runs.firstIndex(where: { State.mustWait(input, for: $0.input) })
    {
      storage.runs[index].deferred.append(waiter)
      return
    }
    var waiters = SmallList(waiter)
    switch mode {
    case .join:
      if storage.configuration.deduplicates, !storage.runs.isEmpty,
        let index = storage.runs.firstIndex(where: { State.canShareRun(input, with: $0.input) })
      {
        storage.runs[index].waiters.append(waiter)
        return
      }
    case .replace:
      replaceRuns(sharing: input, movingWaitersInto: &waiters, in: &storage, effects: &effects)
    case .fresh:
      break
    }
    startRun(input, trigger: trigger, waiters: waiters, in: &storage, effects: &effects)
  }

  /// Records a new run; its task starts once the lock is released.
  @inlinable
  func startRun(
    _ input: State.RunInput, trigger: RunTrigger, waiters: SmallList<Waiter>,
    in storage: inout Storage, effects: inout Effects
  ) {
    let id = OperationRunID(rawValue: storage.nextRunID)
    storage.nextRunID += 1
    let date = clock.now()
    apply(.runStarted(id, input: input, date: date), to: &storage, effects: &effects)
    log(
      RunLogRecord(
        .runStarted, at: date, run: id, attempt: 1, trigger: trigger,
        payload: Self.loggedInput(input)), in: &storage)
    storage.runs.append(
      Run(id: id, input: input, trigger: trigger, startDate: date, waiters: waiters))
    effects.actions.append(
      .launch(Launch(id: id, input: input, configuration: storage.configuration)))
  }

  /// The input as the run log shows it: nothing for a query.
  @inlinable
  static func loggedInput(_ input: State.RunInput) -> (any Sendable)? {
    State.RunInput.self == Void.self ? nil : input
  }

  /// Starts the task of a run recorded by `startRun`, outside the lock.
  ///
  /// The task starts immediately on the calling thread, so an operation that completes
  /// without suspending costs no thread hop. Its handle is recorded afterwards for
  /// cancellation; a run that has already ended by then (finished, or cancelled meanwhile)
  /// gets its task cancelled, which does nothing to a finished task.
  @inlinable
  func launch(_ launch: Launch) {
    let task = Task.immediate { await self.execute(launch) }
    if lastFinishedRun.load(ordering: .relaxed) == launch.id.rawValue { return }
    let isRunning = withStorage { storage in
      guard let index = storage.runs.firstIndex(where: { $0.id == launch.id }) else {
        return false
      }
      storage.runs[index].task = task
      return true
    }
    if !isRunning { task.cancel() }
  }

  /// The body of a run's task: wait for the mutation scope and the network if needed, run the
  /// lifecycle hooks and the operation, and record the end.
  @inlinable
  func execute(_ launch: Launch) async {
    let configuration = launch.configuration
    let context = configuration.context
    let continuation = OperationContinuation<State.OperationValue, State.Failure>(
      sink: self, run: launch.id)
    // The scope before the network, as TanStack's mutation cache does: a mutation takes its
    // place in its scope's queue the moment it is submitted, so mutations paused offline
    // resume in the order they were submitted, not in the order their tasks wake up.
    var scope: String?
    if let id = context.options.mutationScope {
      guard await acquireScope(id, reportingTo: continuation) else { return }
      scope = id
    }
    if !context.canStartRun {
      guard await waitForNetwork(context, reportingTo: continuation) else {
        if let scope { releaseScope(scope) }
        return
      }
    }
    var result: Result<State.OperationValue, State.Failure>
    if context.options.hasRunHooks {
      result = await runWithHooks(launch.input, configuration: configuration, continuation)
    } else {
      do throws(State.Failure) {
        result = .success(try await configuration.body(launch.input, context, continuation))
      } catch {
        result = .failure(error)
      }
    }
    if let scope { releaseScope(scope) }
    finish(launch.id, with: result)
  }

  /// Records the end of run `id`, unless it was cancelled meanwhile, and resumes its callers
  /// once subscribers and listeners have seen the state it left.
  @inlinable
  func finish(_ id: OperationRunID, with result: Result<State.OperationValue, State.Failure>) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == id }) else { return }
        let run = storage.runs.remove(at: index)
        lastFinishedRun.store(id.rawValue, ordering: .relaxed)
        let date = clock.now()
        apply(.runFinished(id, result, date: date), to: &storage, effects: &effects)
        dropRevertStates(in: &storage)
        let outcome: Result<State.OperationValue, OperationError<State.Failure>>
        switch result {
        case .success(let value):
          log(
            RunLogRecord(
              .succeeded, at: date, run: id, attempt: run.attempt, otherDate: run.startDate),
            in: &storage)
          outcome = .success(value)
        case .failure(let failure):
          log(
            RunLogRecord(
              .failed, at: date, run: id, attempt: run.attempt, otherDate: run.startDate,
              payload: failure), in: &storage)
          outcome = .failure(.failure(failure))
        }
        for waiter in run.waiters {
          effects.resume(waiter.continuation, with: .finished(outcome))
        }
        for waiter in run.deferred { effects.resume(waiter.continuation, with: .again) }
        if let trigger = storage.pendingRerun {
          storage.pendingRerun = nil
          startAutomaticRunIfNeeded(trigger, in: &storage, effects: &effects)
        }
      })
  }

  // MARK: Cancelling

  /// A caller stopped waiting: it is told so at once, and the run is cancelled if nobody
  /// wants it any more.
  @usableFromInline
  func cancelWaiter(_ id: UInt64) {
    perform(
      update { storage, effects in
        for index in storage.runs.indices {
          if let waiter = storage.runs[index].deferred.remove(where: { $0.id == id }) {
            effects.resume(waiter.continuation, with: .finished(.failure(.cancelled)))
            return
          }
          guard let waiter = storage.runs[index].waiters.remove(where: { $0.id == id }) else {
            continue
          }
          effects.resume(waiter.continuation, with: .finished(.failure(.cancelled)))
          let run = storage.runs[index]
          let isWanted = run.isAutomatic && !storage.subscribers.isEmpty
          if run.waiters.isEmpty && !isWanted {
            cancelRuns(reverting: true, in: &storage, effects: &effects) { $0.id == run.id }
          }
          return
        }
      })
  }

  /// Cancels the runs `shouldCancel` selects: their callers get a cancellation, their tasks
  /// are cancelled, and their results are never applied.
  @usableFromInline
  func cancelRuns(
    reverting: Bool, in storage: inout Storage, effects: inout Effects,
    where shouldCancel: (Run) -> Bool
  ) {
    guard storage.runs.contains(where: shouldCancel) else { return }
    let cancelled = storage.runs.filter(shouldCancel)
    storage.runs.removeAll(where: shouldCancel)
    let date = clock.now()
    for run in cancelled {
      for waiter in run.waiters {
        effects.resume(waiter.continuation, with: .finished(.failure(.cancelled)))
      }
      end(run, cancelledAt: date, reverting: reverting, in: &storage, effects: &effects)
    }
  }

  /// Cancels the runs a `refetch()` of `input` replaces; their callers move to the new run.
  @usableFromInline
  func replaceRuns(
    sharing input: State.RunInput, movingWaitersInto waiters: inout SmallList<Waiter>,
    in storage: inout Storage, effects: inout Effects
  ) {
    let isReplaced = { (run: Run) in State.canShareRun(input, with: run.input) }
    guard storage.runs.contains(where: isReplaced) else { return }
    let replaced = storage.runs.filter(isReplaced)
    storage.runs.removeAll(where: isReplaced)
    let date = clock.now()
    for run in replaced {
      waiters.append(contentsOf: run.waiters)
      end(run, cancelledAt: date, reverting: true, in: &storage, effects: &effects)
    }
  }

  /// Ends a run removed from the runs in flight as cancelled.
  @usableFromInline
  func end(
    _ run: Run, cancelledAt date: Date, reverting: Bool, in storage: inout Storage,
    effects: inout Effects
  ) {
    if let task = run.task { effects.actions.append(.cancel(task)) }
    for waiter in run.deferred { effects.resume(waiter.continuation, with: .again) }
    // What the run yielded is undone only when nothing else changed the state since.
    if reverting, let revertState = run.revertState, storage.runs.isEmpty {
      storage.state = revertState.value
    }
    apply(.runCancelled(run.id, reverted: reverting, date: date), to: &storage, effects: &effects)
    log(
      RunLogRecord(
        .cancelled, at: date, run: run.id, attempt: run.attempt, otherDate: run.startDate,
        flag: reverting), in: &storage)
  }

  /// Forgets every run's revert snapshot: the state has changed for another reason.
  @inlinable
  func dropRevertStates(in storage: inout Storage) {
    guard !storage.runs.isEmpty else { return }
    for index in storage.runs.indices where storage.runs[index].revertState != nil {
      storage.runs[index].revertState = nil
    }
  }

  // MARK: Waiting

  /// Pauses the run until the network is back; false when it was cancelled meanwhile.
  @usableFromInline
  func waitForNetwork(
    _ context: OperationContext,
    reportingTo continuation: OperationContinuation<State.OperationValue, State.Failure>
  ) async -> Bool {
    continuation.reportPause(.offline)
    let isOnline = await context.connectivity.waitUntilSatisfied(in: context)
    if isOnline { continuation.reportResume() }
    return isOnline
  }

  /// Waits for the mutation scope `id` to be free; false when cancelled meanwhile (or when the
  /// client is gone, when there is nothing to wait for).
  @usableFromInline
  func acquireScope(
    _ id: String,
    reportingTo continuation: OperationContinuation<State.OperationValue, State.Failure>
  ) async -> Bool {
    guard let scopes = client?.scopes else { return true }
    if scopes.tryAcquire(id) { return true }
    continuation.reportPause(.scope(id))
    let acquired = await scopes.acquire(id)
    if acquired { continuation.reportResume() }
    return acquired
  }

  /// Frees the mutation scope `id` for the next mutation waiting for it.
  @usableFromInline
  func releaseScope(_ id: String) {
    client?.scopes.release(id)
  }

  /// Runs the operation between its lifecycle hooks: every `onMutate` first, in order, then
  /// the operation, then every `onSuccess` or `onError` and every `onSettled`, each awaited.
  @usableFromInline
  func runWithHooks(
    _ input: State.RunInput, configuration: Configuration,
    _ continuation: OperationContinuation<State.OperationValue, State.Failure>
  ) async -> Result<State.OperationValue, State.Failure> {
    let context = configuration.context
    let hooks = context[RunHooksKey<State.RunInput, State.OperationValue, State.Failure>.self]
    var settlements: [RunHookSettlement<State.OperationValue, State.Failure>] = []
    for hook in hooks { settlements.append(await hook.begin(input, context)) }
    let result: Result<State.OperationValue, State.Failure>
    do throws(State.Failure) {
      result = .success(try await configuration.body(input, context, continuation))
    } catch {
      result = .failure(error)
    }
    let outcome: Result<State.OperationValue, OperationError<State.Failure>> =
      Task.isCancelled ? .failure(.cancelled) : result.mapError { .failure($0) }
    for settlement in settlements {
      switch outcome {
      case .success(let value): await settlement.succeeded(value)
      case .failure(let failure): await settlement.failed(failure)
      }
    }
    for settlement in settlements { await settlement.settled(outcome) }
    return result
  }
}

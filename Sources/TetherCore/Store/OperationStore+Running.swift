import Foundation
import Synchronization
import TetherSynchronization

/// How a call that runs the operation treats an equivalent run in flight.
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
/// The typed steps of a query's run — the state taking its start, the operation, the state
/// taking its end — are closures `store(for:)` makes where it is called (the configuration's
/// `start` and `started`), specialised for the query's types; the rest, compiled once, only
/// passes them the state.
extension OperationStore {
  /// Runs the operation with the input `derive` reads from the state (under the lock, so it
  /// sees the state the run starts from) and waits for its end.
  ///
  /// A run that must wait for another (a next page during a refetch of every page) waits for
  /// it, then derives its input again. Cancelling the calling task stops waiting at once, and
  /// cancels the run (and its retries) unless others still wait for it or it is the store's
  /// own run for its subscribers.
  func runStep(
    _ trigger: RunTrigger, mode: RunMode, returnsWhenPaused: Bool = false,
    restoring restored: RestoredAttempt? = nil, derive: (State) -> State.RunInput?
  ) async -> RunStep {
    while true {
      let id = Self.nextID()
      let step = await withTaskCancellationHandler {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<RunStep, Never>) in
          let waiter = StoreMachine.Waiter(
            id: id, continuation: continuation, returnsWhenPaused: returnsWhenPaused)
          change { storage in
            // Read under the lock, so that a cancellation either comes before (and is seen
            // here) or finds the waiter enqueued.
            storage.enqueue(
              waiter, trigger: trigger, mode: mode, restoring: restored,
              isCancelled: Task.isCancelled, derive: derive)
          }
        }
      } onCancel: {
        cancelWaiter(id)
      }
      if case .again = step { continue }
      return step
    }
  }

  /// Starts the task of a run recorded by `startRun`, outside the lock, with the configuration
  /// the run was recorded with: its `start`, made for the operation's types, when the run
  /// starts at once; otherwise `executeAfterWaiting`.
  ///
  /// The task starts immediately on the calling thread, so an operation that completes
  /// without suspending costs no thread hop. Its handle is recorded afterwards for
  /// cancellation; a run that has already ended by then (finished, or cancelled meanwhile)
  /// gets its task cancelled, which does nothing to a finished task.
  func launch(_ launch: consuming RunLaunch) {
    let configuration = unsafeDowncast(launch.configuration, to: Configuration.self)
    let (id, input, restored) = (launch.id, launch.input, launch.restored)
    guard restored == nil, configuration.context.startsAtOnce else {
      record(
        Task.immediate {
          await self.executeAfterWaiting(
            id, input: input, configuration: configuration, restored: restored)
        }, of: id)
      return
    }
    record(configuration.start(self, id, input), of: id)
  }

  /// Keeps the task of run `id` for cancellation; a run that ended meanwhile has its task
  /// cancelled (a run that ended last costs no lock).
  func record(_ task: Task<Void, Never>, of id: OperationRunID) {
    if lastFinishedRun.load(ordering: .relaxed) == id.rawValue { return }
    let isRunning = withStorage { storage in
      guard let index = storage.machine.index(of: id) else { return false }
      storage.machine.runs[index].task = task
      return true
    }
    if !isRunning { task.cancel() }
  }

  /// A run of `body`, in code compiled once: the operation, and the record of its end (a
  /// query's configuration has its own, specialised for its types).
  func execute(
    _ id: OperationRunID, input: (any Sendable)?, context: OperationContext,
    body: Configuration.Body
  ) async {
    let result: Result<State.OperationValue, State.Failure>
    do throws(State.Failure) {
      result = .success(try await body(Storage.input(input), context, continuation(for: id)))
    } catch {
      result = .failure(error)
    }
    finish(id, with: result)
  }

  /// The body of a run's task that waits for the mutation scope and the network if needed,
  /// runs the lifecycle hooks and the operation, and records the end.
  func executeAfterWaiting(
    _ id: OperationRunID, input: (any Sendable)?, configuration: Configuration,
    restored: RestoredAttempt?
  ) async {
    var context = configuration.context
    guard let body = configuration.body else {
      // A query's configuration (from `store(for:)`): its runs wait for the network alone.
      if !context.canStartRun {
        guard await waitForNetwork(context, reportingTo: continuation(for: id)) else { return }
      }
      let task = configuration.start(self, id, input)
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      return
    }
    if let restored = restored {
      context.restoredFailedAttempts = restored.failedAttempts
    }
    let continuation = continuation(for: id)
    // A place in the scope's queue first, before anything is awaited, as TanStack's mutation
    // cache queues a mutation when it is built: mutations run in the order they were
    // submitted, not in the order their tasks wake up from `onMutate` or the network.
    let ticket = context.options.mutationScope.flatMap { takeScopeTicket($0) }
    // `onMutate` next, as TanStack does: an optimistic update shows at once, even offline.
    var settlements: [RunHookSettlement<State.OperationValue, State.Failure>]?
    if context.options.hasRunHooks {
      settlements = await beginHooks(id, input: input, restored: restored, context: context)
    }
    // The scope before the network: the first of a scope waits for the network, the others
    // for their turn.
    if let ticket {
      guard await waitForTurn(of: ticket, reportingTo: continuation) else {
        releaseScope(ticket)
        if let settlements { await settle(settlements, with: .failure(.cancelled)) }
        return
      }
    }
    if !context.canStartRun {
      guard await waitForNetwork(context, reportingTo: continuation) else {
        if let ticket { releaseScope(ticket) }
        if let settlements { await settle(settlements, with: .failure(.cancelled)) }
        return
      }
    }
    var result: Result<State.OperationValue, State.Failure>
    do throws(State.Failure) {
      result = .success(
        try await body(Storage.input(input), context, continuation))
    } catch {
      result = .failure(error)
    }
    if let settlements {
      await settle(
        settlements,
        with: Task.isCancelled ? .failure(.cancelled) : result.mapError { .failure($0) })
    }
    if let ticket { releaseScope(ticket) }
    finish(id, with: result)
  }

  /// Records the end of run `id`, unless it was cancelled meanwhile, and resumes its callers
  /// once subscribers and listeners have seen the state it left.
  func finish(_ id: OperationRunID, with result: Result<State.OperationValue, State.Failure>) {
    change { $0.finish(id, with: result) }
  }

  /// Records the end of run `id` with `outcome` (its result, boxed as ``RunOutcome`` does;
  /// `failure` when it failed), unless it was cancelled meanwhile: `apply` gives the state the
  /// result at the end's date. Called from a query's task, made by `store(for:)` for the
  /// query's types: the box and `apply` are made there, the rest compiled once.
  @usableFromInline
  func finish(
    _ id: OperationRunID, outcome: AnyObject, failure: (any Sendable)?,
    applying apply: (inout State, Date) -> Void
  ) {
    let outcome = RunOutcome.sendable(outcome)
    change { $0.finish(id, outcome: outcome, failure: failure, applying: apply) }
  }

  /// A caller stopped waiting: it is told so at once, and the run is cancelled if nobody
  /// wants it any more.
  @usableFromInline
  func cancelWaiter(_ id: UInt64) {
    send(.cancelWaiter(id))
  }

  // MARK: Waiting

  /// Pauses the run until the network is back; false when it was cancelled meanwhile.
  func waitForNetwork(
    _ context: OperationContext,
    reportingTo continuation: OperationContinuation<State.OperationValue, State.Failure>
  ) async -> Bool {
    continuation.reportPause(.offline)
    let isOnline = await context.connectivity.waitUntilSatisfied(in: context)
    if isOnline { continuation.reportResume() }
    return isOnline
  }

  /// A place in the mutation scope `id`'s queue; nil when the client is gone (nothing to wait
  /// for then).
  func takeScopeTicket(_ id: String) -> MutationScopes.Ticket? {
    client?.scopes.enqueue(id)
  }

  /// Gives up `ticket`: the next mutation of its scope may run.
  func releaseScope(_ ticket: MutationScopes.Ticket) {
    client?.scopes.release(ticket)
  }

  /// Waits for the turn of `ticket` in its mutation scope, paused meanwhile; false when
  /// cancelled first.
  func waitForTurn(
    of ticket: MutationScopes.Ticket,
    reportingTo continuation: OperationContinuation<State.OperationValue, State.Failure>
  ) async -> Bool {
    guard let scopes = client?.scopes else { return true }
    if scopes.isTurn(of: ticket) { return true }
    continuation.reportPause(.scope(ticket.scope))
    let isTurn = await scopes.waitForTurn(of: ticket)
    if isTurn { continuation.reportResume() }
    return isTurn
  }

  /// Begins every lifecycle of the run, in order: `onMutate`, or for a restored attempt the
  /// context it had (`onMutate` again only for a context that could not be restored). The
  /// contexts are kept with the run for a snapshot of it while it is paused.
  func beginHooks(
    _ id: OperationRunID, input: (any Sendable)?, restored: RestoredAttempt?,
    context: OperationContext
  ) async -> [RunHookSettlement<State.OperationValue, State.Failure>] {
    let hooks = context[RunHooksKey<State.RunInput, State.OperationValue, State.Failure>.self]
    let records = restored?.hookRecords
    var settlements: [RunHookSettlement<State.OperationValue, State.Failure>] = []
    for (index, hook) in hooks.enumerated() {
      if let records, index < records.count, let record = records[index],
        let resumed = hook.resume(Storage.input(input), record)
      {
        settlements.append(resumed)
      } else {
        settlements.append(await hook.begin(Storage.input(input), context))
      }
    }
    let kept = settlements.map(\.record)
    withStorage { storage in
      guard let index = storage.machine.index(of: id) else { return }
      storage.machine.runs[index].hookRecords = kept
    }
    return settlements
  }

  /// Ends every lifecycle with `outcome`: every `onSuccess` or `onError`, then every
  /// `onSettled`, each awaited.
  func settle(
    _ settlements: [RunHookSettlement<State.OperationValue, State.Failure>],
    with outcome: Result<State.OperationValue, OperationError<State.Failure>>
  ) async {
    for settlement in settlements {
      switch outcome {
      case .success(let value): await settlement.succeeded(value)
      case .failure(let failure): await settlement.failed(failure)
      }
    }
    for settlement in settlements { await settlement.settled(outcome) }
  }
}

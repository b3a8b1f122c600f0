import Foundation

extension OperationStore {
  /// What can happen to a store: the closed set of inputs of its machine (see
  /// `Storage.step(_:at:isListening:)`). Every change of a store is one of these, applied under
  /// its lock; what must happen outside the lock comes back as ``Effects``.
  enum Input {
    /// A caller wants a run: `derive` reads its input from the state (nil: nothing to run).
    /// `isCancelled` is whether the calling task was cancelled, read under the lock.
    case enqueue(
      StoreMachine.Waiter, trigger: RunTrigger, mode: RunMode, restoring: RestoredAttempt?,
      isCancelled: Bool, derive: (State) -> State.RunInput?)
    /// A caller stopped waiting.
    case cancelWaiter(UInt64)
    /// A run yielded an intermediate result.
    case yield(OperationRunID, Result<State.OperationValue, State.Failure>)
    /// A run's attempt failed and a retry is due.
    case retryScheduled(OperationRunID, RetryProgress<State.Failure>)
    /// A run's retry was sent.
    case attemptStarted(OperationRunID)
    /// A run's transfer came further.
    case transferred(OperationRunID, TransferProgress)
    /// A run waits, for `reason`.
    case pause(OperationRunID, PauseReason)
    /// A paused run goes on.
    case resume(OperationRunID)
    /// A run ended with its result.
    case finish(OperationRunID, Result<State.OperationValue, State.Failure>)
    /// Every run is cancelled (`revert`: undo what they yielded).
    case cancel(revert: Bool)
    /// The value is set by hand.
    case setValue(State.CurrentValue)
    /// A placeholder is shown until there is a value (nil removes it).
    case setPlaceholder(State.CurrentValue?)
    /// The value is invalidated.
    case invalidate
    /// The store goes back to its first state.
    case reset
    /// The store runs on its own for `trigger`, if it should.
    case rerun(RunTrigger)
    /// A run in the background when the value is stale and nothing runs (`ensureValue`).
    case revalidateIfStale
    /// A subscriber arrives: it gets the current state, then every change.
    case subscribe(Subscriber)
    /// A subscriber leaves.
    case unsubscribe(UInt64)
    /// The stale timer of `generation` is due.
    case staleTimerFired(UInt64)
    /// A later `store(for:)` brings its configuration.
    case reconfigure(Configuration, garbageCollectionDelay: Duration)
    /// The state took a snapshot's value, in place and under the same lock, just before
    /// (`PersistableState.restore`, which needs a state known to be persistable): it is stale,
    /// so a store with subscribers refetches it.
    case restored
    /// The devtools simulate a first load: every run is cancelled and a run that never ends
    /// (`task` waits to be cancelled) starts.
    case simulateLoading(Task<Void, Never>)
    /// The devtools simulate a failed run.
    case simulateFailure(State.Failure)
    /// The devtools end a simulation: its run ends, and the state before it comes back if
    /// nothing else changed it since.
    case endSimulation(SimulatedState)
  }
}

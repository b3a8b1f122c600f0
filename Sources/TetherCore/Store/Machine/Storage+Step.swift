import Foundation

/// The store machine: every change of a store is `step`, one synchronous function of the
/// store's storage and an ``OperationStore/Input`` that changes the storage and returns what to
/// do outside the lock (start or cancel tasks, arm a timer, deliver states and events, resume
/// callers). It reads no clock and calls nothing: the date and whether the client has
/// listeners come with the input, so a test feeds it inputs and reads what comes out, the way
/// TanStack's query reducer is tested. The store only runs the effects (`perform`).
///
/// The storage is a typed shell — the state and the configuration — around ``StoreMachine``,
/// which keeps the runs, waiters, subscribers, outbox, run log and timers and is compiled
/// once. Only the shell's part of a fetch's start and end is compiled where it is called, so
/// that it is specialised for the state.
extension OperationStore.Storage {
  /// Applies `input` at `date`; `isListening` says whether the client has event listeners.
  ///
  /// A fetch's start and end (`enqueue`, `finish`) are also applied without an ``Input``, by
  /// code specialised where they are called (`OperationStore.change`), and so is a value set
  /// by `withCurrentValue` (`setValue`), which spares that unspecialised code the input's
  /// metadata.
  mutating func step(
    _ input: OperationStore.Input, at date: Date, isListening: Bool
  ) -> StoreMachine.Effects {
    machine.begin(at: date, isListening: isListening)
    switch input {
    case .enqueue(let waiter, let trigger, let mode, let restored, let isCancelled, let derive):
      enqueue(
        waiter, trigger: trigger, mode: mode, restoring: restored, isCancelled: isCancelled,
        derive: derive)
    case .finish(let run, let result): finish(run, with: result)
    case .setValue(let value): setValue(value)
    case .cancelWaiter(let id): cancelWaiter(id)
    case .yield(let run, let result): yield(result, of: run)
    case .retryScheduled(let run, let progress): scheduleRetry(progress, of: run)
    case .attemptStarted(let run): startAttempt(of: run)
    case .transferred(let run, let progress): transfer(progress, of: run)
    case .pause(let run, let reason): pause(run, for: reason)
    case .resume(let run): resume(run)
    case .cancel(let revert): cancelRuns(reverting: revert) { _ in true }
    case .setPlaceholder(let placeholder): apply(.placeholderSet(placeholder))
    case .invalidate: invalidate()
    case .reset: reset()
    case .rerun(let trigger): startAutomaticRunIfNeeded(trigger)
    case .revalidateIfStale: revalidateIfStale()
    case .subscribe(let subscriber): subscribe(subscriber)
    case .unsubscribe(let id): unsubscribe(id)
    case .staleTimerFired(let generation): staleTimerFired(generation)
    case .reconfigure(let configuration, let delay):
      reconfigure(with: configuration, garbageCollectionDelay: delay)
    case .restored: restored()
    case .simulateLoading(let task): simulateLoading(task)
    case .simulateFailure(let failure): simulateFailure(failure)
    case .endSimulation(let simulation): endSimulation(simulation)
    }
    return machine.end()
  }

  // MARK: What every transition uses

  /// Applies `event` to the state and queues the new state for subscribers.
  mutating func apply(_ event: OperationEvent<State>) {
    state.apply(event)
    notify()
  }

  /// Queues the current state for subscribers, and the change for the client's listeners.
  mutating func notify() {
    let box = queued()
    machine.changed(queueing: box, freshUntil: box == nil ? nil : state.freshUntil)
  }

  /// The current state in a box for subscribers, when there are some. Compiled once: a fetch
  /// with subscribers pays a lookup of the box's type, next to their deliveries.
  func queued() -> StateBox? {
    machine.hasSubscribers ? TypedStateBox(state) : nil
  }
}

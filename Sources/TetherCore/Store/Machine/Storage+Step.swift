import Foundation

/// The store machine: every change of a store is `step`, one synchronous function of the
/// store's storage and an ``OperationStore/Input`` that changes the storage and returns what to
/// do outside the lock (start or cancel tasks, arm a timer, deliver states and events, resume
/// callers). It reads no clock and calls nothing: the date and whether the client has
/// listeners come with the input, so a test feeds it inputs and reads what comes out, the way
/// TanStack's query reducer is tested. The store only runs the effects (`perform`).
extension OperationStore.Storage {
  /// Applies `input` at `date`; `isListening` says whether the client has event listeners.
  @inlinable
  mutating func step(
    _ input: OperationStore.Input, at date: Date, isListening: Bool
  ) -> OperationStore.Effects {
    now = date
    self.isListening = isListening
    switch input {
    case .enqueue(let waiter, let trigger, let mode, let restored, let isCancelled, let derive):
      enqueue(
        waiter, trigger: trigger, mode: mode, restoring: restored, isCancelled: isCancelled,
        derive: derive)
    case .finish(let run, let result): finish(run, with: result)
    case .setValue(let value): setValue(value)
    default: stepRarely(input)
    }
    route()
    var effects = OperationStore.Effects()
    swap(&effects, &self.effects)
    return effects
  }

  /// Applies an input no benchmark times (every one but a run's start and end and a value
  /// set by hand): generic code, not specialised into the caller's module.
  @usableFromInline
  mutating func stepRarely(_ input: OperationStore.Input) {
    switch input {
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
    case .restore(let restored): restore(restored)
    case .simulateLoading(let task): simulateLoading(task)
    case .simulateFailure(let failure): simulateFailure(failure)
    case .endSimulation(let simulation): endSimulation(simulation)
    case .enqueue, .finish, .setValue: break  // `step` applies these itself.
    }
  }

  // MARK: What every transition uses

  /// Applies `event` to the state and queues the new state for subscribers.
  @inlinable
  mutating func apply(_ event: OperationEvent<State>) {
    state.apply(event)
    notify()
  }

  /// Queues the current state for subscribers, and the change for the client's listeners.
  @inlinable
  mutating func notify() {
    effects.changed = true
    if !subscribers.isEmpty {
      sequence += 1
      outbox.append(.state(sequence: sequence, target: nil, state))
      updateStaleTimer()
    }
    if isListening { outbox.append(.changed) }
  }

  /// Adds a record to the run log; the client's listeners get it too, in order with the
  /// states.
  @inlinable
  mutating func record(_ record: RunLogRecord) {
    guard log.append(record) else { return }
    effects.changed = true
    guard isListening, let latest = log.latest else { return }
    outbox.append(.logged(latest))
  }

  /// Resumes a waiting caller once the lock is released (after what is queued before it).
  @inlinable
  mutating func resume(_ waiter: OperationStore.Waiter, with step: OperationStore.RunStep) {
    effects.actions.append(.resume(waiter, step))
  }

  /// Queues what must follow the states already queued, and makes this caller the one that
  /// delivers unless another thread already does.
  @inlinable
  mutating func route() {
    guard !outbox.isEmpty || isDelivering else { return }
    var kept = SmallList<OperationStore.Action>()
    for action in effects.actions {
      if case .resume(let waiter, let step) = action {
        outbox.append(.resume(waiter, step))
      } else {
        kept.append(action)
      }
    }
    effects.actions = kept
    guard !isDelivering else { return }
    // This caller delivers: it takes what is queued with it, and comes back for more.
    isDelivering = true
    effects.delivers = true
    swap(&effects.outgoing, &outbox)
    effects.subscribers = subscribers
  }
}

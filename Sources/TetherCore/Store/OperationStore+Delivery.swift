import Foundation
import Synchronization
import TetherSynchronization

/// Running the store machine: every change goes through `Storage.step` under the store's
/// lock, and `perform` does what it decided once the lock is released (cancel tasks, deliver
/// states and events, resume callers, start runs).
///
/// States, client events and resumptions that must follow them go through one queue, the
/// outbox, handed out in order by one thread at a time: a caller waiting for a run is resumed
/// only after every subscriber and listener has seen the state that run left.
extension OperationStore {
  /// Feeds `input` to the store machine under the lock, then performs its effects.
  func send(_ input: Input) {
    perform(step(input))
  }

  /// Feeds `input` to the store machine under the lock; returns what to do once it is
  /// released.
  ///
  /// `events` is read through optional chaining, which borrows it, not bound with `if let`,
  /// which retained it: once a persister or the devtools subscribe, the hub has a weak
  /// reference (their subscriptions hold it weakly) and with it a side table, and each such
  /// retain and release took the runtime's slow path (by callgrind).
  func step(_ input: Input) -> StoreMachine.Effects {
    let date = clock.now()
    let isListening = events?.isListening == true
    return withStorage { $0.step(input, at: date, isListening: isListening) }
  }

  /// Applies `transition` to the storage under the lock, as a step of the store machine, then
  /// performs what it decided. A fetch's start and end come this way: the transition is made
  /// where the fetch is called, specialised for the state; this code, compiled once, only
  /// passes it the storage.
  func change(_ transition: (inout Storage) -> Void) {
    let date = clock.now()
    let isListening = events?.isListening == true
    // The lock taken here, not through `withStorage`: its generic result would be looked up
    // in this code compiled once, twice a change.
    perform(
      lock.withLock { _ -> StoreMachine.Effects in
        storage.machine.begin(at: date, isListening: isListening)
        transition(&storage)
        return storage.machine.end()
      })
  }

  /// Carries out what the machine decided, outside the lock: cancel tasks, deliver what is
  /// queued, resume callers, stop watching conditions, and start runs, in that order.
  func perform(_ effects: consuming StoreMachine.Effects) {
    if let run = effects.finishedRun { lastFinishedRun.store(run.rawValue, ordering: .relaxed) }
    if effects.changed { markChangedIfMarking() }
    // The common case: one action (a run's start, a caller resumed), nothing to deliver. The
    // action is taken out of the effects, not copied.
    if effects.actions.rest.isEmpty, !effects.delivers, !effects.becameUnused,
      !effects.gainedSubscribers, let first = effects.actions.first.take()
    {
      perform(first)
      return
    }
    effects.actions.each { action in
      if case .cancel(let task) = action { task.cancel() }
    }
    if effects.delivers { deliver(effects.outgoing, to: effects.subscribers) }
    effects.actions.each { action in
      switch action {
      case .cancel, .launch: break
      default: perform(action)
      }
    }
    if effects.gainedSubscribers { didGainSubscribers() }
    if effects.becameUnused { didBecomeUnused() }
    effects.actions.each { action in
      if case .launch(let launch) = action { self.launch(launch) }
    }
  }

  /// Tells the client's change marker of the first change since the mark was cleared: one
  /// relaxed load per change after that.
  func markChangedIfMarking() {
    guard events?.isMarking == true, !changeMark.load(ordering: .relaxed) else { return }
    if !changeMark.exchange(true, ordering: .acquiringAndReleasing) { events?.mark(self) }
  }

  func perform(_ action: consuming StoreMachine.Action) {
    switch consume action {
    case .resume(let waiter, let step): waiter.resume(with: step)
    case .launch(let launch): self.launch(launch)
    case .cancel(let task): task.cancel()
    case .cancelSubscriptions(let subscriptions):
      for subscription in subscriptions { subscription.cancel() }
    case .armStaleTimer(let deadline, let generation):
      armStaleTimer(deadline: deadline, generation: generation)
    case .warn(let warning): client?.warn("store(for:) at \(path) \(warning)", at: path)
    }
  }

  /// Tells the client the store lost its last subscriber.
  func didBecomeUnused() {
    client?.storeBecameUnused(self)
  }

  /// Hands out `outgoing` to `subscribers`, then what was queued meanwhile, until the outbox
  /// is empty. The client's listeners are read once a batch.
  func deliver(_ outgoing: [StoreMachine.Outgoing], to subscribers: [StoreSubscriber]) {
    var batch = (outgoing, subscribers)
    while true {
      StoreMachine.hand(batch.0, to: batch.1, events: events) { self }
      let next = withStorage { $0.machine.nextBatch() }
      guard let next else { return }
      batch = next
    }
  }
}

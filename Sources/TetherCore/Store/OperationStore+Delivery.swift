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
  @inlinable
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
  @inlinable
  func step(_ input: Input) -> Effects {
    let date = clock.now()
    let isListening = events?.isListening == true
    return withStorage { $0.step(input, at: date, isListening: isListening) }
  }

  /// Tells the client's change marker of the first change since the mark was cleared: one
  /// relaxed load per change after that.
  @inlinable
  func markChangedIfMarking() {
    guard events?.isMarking == true, !changeMark.load(ordering: .relaxed) else { return }
    if !changeMark.exchange(true, ordering: .acquiringAndReleasing) { events?.mark(self) }
  }

  /// Carries out what the machine decided, outside the lock: cancel tasks, deliver what is
  /// queued, resume callers, stop watching conditions, and start runs, in that order.
  @inlinable
  func perform(_ effects: Effects) {
    if let run = effects.finishedRun { lastFinishedRun.store(run.rawValue, ordering: .relaxed) }
    if effects.changed { markChangedIfMarking() }
    guard let first = effects.actions.first else {
      if effects.delivers { deliver(effects.outgoing, to: effects.subscribers) }
      performRarely(effects)
      return
    }
    // The common case: one action, nothing to deliver.
    if effects.actions.rest.isEmpty, !effects.delivers, !effects.becameUnused,
      !effects.gainedSubscribers
    {
      perform(first)
      return
    }
    for case .cancel(let task) in effects.actions { task.cancel() }
    if effects.delivers { deliver(effects.outgoing, to: effects.subscribers) }
    for action in effects.actions {
      switch action {
      case .cancel, .launch: break
      default: perform(action)
      }
    }
    performRarely(effects)
    for case .launch(let launch) in effects.actions { self.launch(launch) }
  }

  @inlinable
  func perform(_ action: Action) {
    switch action {
    case .resume(let waiter, let step): waiter.continuation.resume(returning: step)
    case .launch(let launch): self.launch(launch)
    case .cancel(let task): task.cancel()
    case .cancelSubscriptions(let subscriptions):
      for subscription in subscriptions { subscription.cancel() }
    case .armStaleTimer(let deadline, let generation):
      armStaleTimer(deadline: deadline, generation: generation)
    case .warn(let warning): client?.warn("store(for:) at \(path) \(warning)", at: path)
    }
  }

  /// What a subscriber coming or going brings: watching conditions, telling the client.
  @inlinable
  func performRarely(_ effects: Effects) {
    if effects.gainedSubscribers { didGainSubscribers() }
    if effects.becameUnused { didBecomeUnused() }
  }

  /// Tells the client the store lost its last subscriber.
  @usableFromInline
  func didBecomeUnused() {
    client?.storeBecameUnused(self)
  }

  /// Hands out `outgoing` to `subscribers`, then what was queued meanwhile, until the outbox
  /// is empty. The client's listeners are read once a batch.
  @inlinable
  func deliver(_ outgoing: [Outgoing], to subscribers: [Subscriber]) {
    var batch = (outgoing, subscribers)
    while true {
      hand(batch.0, to: batch.1)
      let next = withStorage { storage -> ([Outgoing], [Subscriber])? in
        guard !storage.outbox.isEmpty else {
          storage.isDelivering = false
          return nil
        }
        var outgoing: [Outgoing] = []
        swap(&outgoing, &storage.outbox)
        return (outgoing, storage.subscribers)
      }
      guard let next else { return }
      batch = next
    }
  }

  @inlinable
  func hand(_ outgoing: [Outgoing], to subscribers: [Subscriber]) {
    var listeners: [(id: UInt64, handler: ClientEventHub.Handler)]?
    func emit(_ event: OperationClientEvent) {
      if listeners == nil { listeners = events?.currentListeners ?? [] }
      for listener in listeners! { listener.handler(event) }
    }
    for item in outgoing {
      switch item {
      case .state(let sequence, let target, let state):
        // Projected subscribers read a copy in place (see `Subscriber.project`), made once a
        // change for them; handlers take `state` itself (passing a variable copied it per call).
        var inPlace: State?
        // Borrowed, not retained: `subscribers` keeps each alive for the whole loop.
        subscribers.withUnsafeBufferPointer { subscribers in
          for index in subscribers.indices {
            Unmanaged.passUnretained(subscribers[index])._withUnsafeGuaranteedRef { subscriber in
              let isTarget =
                target == nil ? sequence > subscriber.since : subscriber.id == target
              guard isTarget else { return }
              // Called through the borrowed property, not bound, which would retain it.
              if subscriber.handler == nil {
                if inPlace == nil { inPlace = state }
                subscriber.project?(subscriber, &inPlace!)
              } else {
                subscriber.handler?(state)
              }
            }
          }
        }
      case .changed: emit(.storeUpdated(self))
      case .subscriber(let added): emit(added ? .subscriberAdded(self) : .subscriberRemoved(self))
      case .becameStale: emit(.storeBecameStale(self))
      case .logged(let record):
        emit(.runLogged(record.entry(path: path, kind: State.kind), store: self))
      case .resume(let waiter, let step):
        waiter.continuation.resume(returning: step)
      }
    }
  }
}

import Foundation
import Synchronization
import TetherSynchronization

/// Committing changes: every change to a store's state is made under its lock by `update`,
/// which also decides what to do once the lock is released (cancel tasks, deliver states and
/// events, resume callers, start runs); `perform` does it.
///
/// States, client events and resumptions that must follow them go through one queue, the
/// outbox, handed out in order by one thread at a time: a caller waiting for a run is resumed
/// only after every subscriber and listener has seen the state that run left.
extension OperationStore {
  /// Applies `event` to the state and queues the new state for subscribers.
  @inlinable
  func apply(_ event: OperationEvent<State>, to storage: inout Storage, effects: inout Effects) {
    storage.state.apply(event)
    notify(&storage, effects: &effects)
  }

  /// Queues the current state for subscribers.
  ///
  /// `events` is read through optional chaining, which borrows it, not bound with `if let`,
  /// which retained it: once a persister or the devtools subscribe, the hub has a weak
  /// reference (their subscriptions hold it weakly) and with it a side table, and each such
  /// retain and release took the runtime's slow path, twice a fetch (250 instructions of
  /// 22,000, by callgrind, and more in time: the side table is one more cache line).
  @inlinable
  func notify(_ storage: inout Storage, effects: inout Effects) {
    effects.changed = true
    if !storage.subscribers.isEmpty {
      storage.sequence += 1
      storage.outbox.append(.state(sequence: storage.sequence, target: nil, storage.state))
      updateStaleTimer(&storage, effects: &effects)
    }
    if events?.isListening == true { storage.outbox.append(.changed) }
    if events?.isMarking == true { markChanged(events!) }
  }

  /// Tells the client's change marker of the first change since the mark was cleared: one
  /// relaxed load per change after that.
  @inlinable
  func markChanged(_ events: ClientEventHub) {
    guard !changeMark.load(ordering: .relaxed) else { return }
    if !changeMark.exchange(true, ordering: .acquiringAndReleasing) { events.mark(self) }
  }

  /// Adds a record to the run log; the client's listeners get it too, in order with the
  /// states.
  @inlinable
  func log(_ record: RunLogRecord, in storage: inout Storage) {
    guard storage.log.append(record), events?.isListening == true else { return }
    queueLatestLogEntry(in: &storage)
  }

  @usableFromInline
  func queueLatestLogEntry(in storage: inout Storage) {
    guard let record = storage.log.latest else { return }
    storage.outbox.append(.logged(record.entry(path: path, kind: State.kind)))
  }

  /// Runs `body` under the lock and returns what to do once it is released.
  @inlinable
  func update(_ body: (inout Storage, inout Effects) -> Void) -> Effects {
    withStorage { storage in
      var effects = Effects()
      body(&storage, &effects)
      route(&storage, &effects)
      return effects
    }
  }

  /// Queues what must follow the states already queued, and makes this caller the one that
  /// delivers unless another thread already does.
  @inlinable
  func route(_ storage: inout Storage, _ effects: inout Effects) {
    guard !storage.outbox.isEmpty || storage.isDelivering else { return }
    var kept = SmallList<Action>()
    for action in effects.actions {
      if case .resume(let continuation, let step) = action {
        storage.outbox.append(.resume(continuation, step))
      } else {
        kept.append(action)
      }
    }
    effects.actions = kept
    if !storage.isDelivering {
      storage.isDelivering = true
      effects.delivers = true
    }
  }

  /// Carries out what a locked update decided, outside the lock: cancel tasks, deliver what
  /// is queued, resume callers, stop watching conditions, and start runs, in that order.
  @inlinable
  func perform(_ effects: Effects) {
    guard let first = effects.actions.first else {
      if effects.delivers { deliver() }
      if effects.becameUnused { didBecomeUnused() }
      return
    }
    // The common case: one action, nothing to deliver.
    if effects.actions.rest.isEmpty, !effects.delivers, !effects.becameUnused {
      switch first {
      case .resume(let continuation, let step): continuation.resume(returning: step)
      case .launch(let launch): self.launch(launch)
      case .cancel(let task): task.cancel()
      case .cancelSubscriptions(let subscriptions):
        for subscription in subscriptions { subscription.cancel() }
      case .armStaleTimer(let deadline, let generation):
        armStaleTimer(deadline: deadline, generation: generation)
      }
      return
    }
    for case .cancel(let task) in effects.actions { task.cancel() }
    if effects.delivers { deliver() }
    for action in effects.actions {
      switch action {
      case .resume(let continuation, let step): continuation.resume(returning: step)
      case .cancelSubscriptions(let subscriptions):
        for subscription in subscriptions { subscription.cancel() }
      case .armStaleTimer(let deadline, let generation):
        armStaleTimer(deadline: deadline, generation: generation)
      case .cancel, .launch: break
      }
    }
    if effects.becameUnused { didBecomeUnused() }
    for case .launch(let launch) in effects.actions { self.launch(launch) }
  }

  /// Tells the client the store lost its last subscriber.
  @usableFromInline
  func didBecomeUnused() {
    client?.storeBecameUnused(self)
  }

  /// Hands out the outbox until it is empty.
  @inlinable
  func deliver() {
    while true {
      let batch = withStorage { storage -> ([Outgoing], [Subscriber])? in
        guard !storage.outbox.isEmpty else {
          storage.isDelivering = false
          return nil
        }
        defer { storage.outbox.removeAll(keepingCapacity: true) }
        return (storage.outbox, storage.subscribers)
      }
      guard let (outgoing, subscribers) = batch else { return }
      for item in outgoing {
        switch item {
        case .state(let sequence, let target, let state):
          subscribers.withUnsafeBufferPointer { subscribers in
            for index in subscribers.indices {
              let isTarget =
                target == nil
                ? sequence > subscribers[index].since : subscribers[index].id == target
              if isTarget { subscribers[index].handler(state) }
            }
          }
        case .changed:
          events?.emit(.storeUpdated(self))
        case .subscriber(let added):
          events?.emit(added ? .subscriberAdded(self) : .subscriberRemoved(self))
        case .becameStale:
          events?.emit(.storeBecameStale(self))
        case .logged(let entry):
          events?.emit(.runLogged(entry, store: self))
        case .resume(let continuation, let step):
          continuation.resume(returning: step)
        }
      }
    }
  }
}

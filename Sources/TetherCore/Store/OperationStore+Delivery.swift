/// Committing changes: every change to a store's state is made under its lock by `update`,
/// which also decides what to do once the lock is released (resume waiters, cancel tasks,
/// start runs, deliver states); `perform` does it. States reach subscribers in order, one
/// thread delivering at a time.
extension OperationStore {
  func apply(
    _ event: OperationEvent<State>, to storage: inout Storage, effects: inout Effects
  ) {
    storage.state.apply(event, context: context)
    notify(&storage, effects: &effects)
  }

  func notify(_ storage: inout Storage, effects: inout Effects) {
    effects.changed = true
    guard !storage.subscribers.isEmpty else { return }
    storage.sequence += 1
    storage.deliveries.append(
      Delivery(sequence: storage.sequence, target: nil, state: storage.state))
    effects.deliver = true
  }

  func update(_ body: (inout Storage, inout Effects) -> Void) -> Effects {
    storage.withLock { storage in
      var effects = Effects()
      body(&storage, &effects)
      claimDelivery(&storage, &effects)
      return effects
    }
  }

  /// Makes this caller the one that delivers pending states, unless another thread already
  /// does: only one thread delivers at a time, so subscribers see changes in order.
  func claimDelivery(_ storage: inout Storage, _ effects: inout Effects) {
    guard effects.deliver else { return }
    effects.deliver = !storage.isDelivering
    storage.isDelivering = true
  }

  /// Carries out what a locked update decided, outside the lock.
  func perform(_ effects: Effects) {
    for task in effects.cancel { task.cancel() }
    for resumption in effects.resume {
      resumption.waiter.continuation.resume(with: resumption.result)
    }
    if effects.deliver { deliver() }
    if effects.changed { observer?.storeDidChange(self) }
    for launch in effects.start { self.launch(launch.id, launch.input) }
  }

  func deliver() {
    while true {
      let batch = storage.withLock { storage -> ([Delivery], [Subscriber])? in
        guard !storage.deliveries.isEmpty else {
          storage.isDelivering = false
          return nil
        }
        defer { storage.deliveries.removeAll(keepingCapacity: true) }
        return (storage.deliveries, storage.subscribers)
      }
      guard let (deliveries, subscribers) = batch else { return }
      for delivery in deliveries {
        for subscriber in subscribers
        where delivery.target == subscriber.id
          || (delivery.target == nil && delivery.sequence > subscriber.since)
        {
          subscriber.handler(delivery.state)
        }
      }
    }
  }
}

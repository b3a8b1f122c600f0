import Foundation

/// Delivery: the batches of the outbox handed out, in order, by one thread at a time.
extension StoreMachine {
  /// What was queued while the last batch was handed out, with the subscribers to hand it
  /// to; nil when nothing was, and the deliverer stops.
  mutating func nextBatch() -> ([Outgoing], [StoreSubscriber])? {
    guard !outbox.isEmpty else {
      isDelivering = false
      return nil
    }
    var outgoing: [Outgoing] = []
    swap(&outgoing, &outbox)
    return (outgoing, subscribers)
  }

  /// Hands `outgoing` out: states to `subscribers`, events to the client's listeners (read
  /// once, at the first event), resumptions to their callers. `store` is the store the events
  /// are about.
  static func hand(
    _ outgoing: [Outgoing], to subscribers: [StoreSubscriber], events: ClientEventHub?,
    store: () -> any OperationStoreProtocol
  ) {
    var listeners: [(id: UInt64, handler: ClientEventHub.Handler)]?
    func emit(_ event: (any OperationStoreProtocol) -> OperationClientEvent) {
      if listeners == nil { listeners = events?.currentListeners ?? [] }
      guard !listeners!.isEmpty else { return }
      let event = event(store())
      for listener in listeners! { listener.handler(event) }
    }
    for item in outgoing {
      switch item {
      case .state(let sequence, let target, let state):
        // Borrowed, not retained: `subscribers` keeps each alive for the whole loop.
        subscribers.withUnsafeBufferPointer { subscribers in
          for index in subscribers.indices {
            Unmanaged.passUnretained(subscribers[index])._withUnsafeGuaranteedRef { subscriber in
              let isTarget =
                target == nil ? sequence > subscriber.since : subscriber.id == target
              if isTarget { state.deliver(to: subscriber) }
            }
          }
        }
      case .changed: emit { .storeUpdated($0) }
      case .subscriber(let added): emit { added ? .subscriberAdded($0) : .subscriberRemoved($0) }
      case .becameStale: emit { .storeBecameStale($0) }
      case .logged(let record):
        emit { .runLogged(record.entry(path: $0.path, kind: $0.kind), store: $0) }
      case .resume(let waiter, let step):
        waiter.resume(with: step)
      }
    }
  }
}

import Synchronization
import TetherSynchronization

/// A client's event listeners, shared with its stores so that they can tell cheaply whether
/// anyone listens before they queue an event.
@usableFromInline
final class ClientEventHub: Sendable {
  private let listeners = SanitizerVisibleMutex(
    [UInt64: @Sendable (OperationClientEvent) -> Void]())
  @usableFromInline let listening = Atomic(false)
  private let nextID = Atomic<UInt64>(0)

  init() {}

  /// Whether anyone listens.
  @inlinable var isListening: Bool { listening.load(ordering: .acquiring) }

  func subscribe(_ handler: @escaping @Sendable (OperationClientEvent) -> Void)
    -> OperationSubscription
  {
    let id = nextID.add(1, ordering: .relaxed).newValue
    listeners.withLock { listeners in
      listeners[id] = handler
      listening.store(true, ordering: .releasing)
    }
    return OperationSubscription { [weak self] in
      guard let self else { return }
      listeners.withLock { listeners in
        listeners[id] = nil
        listening.store(!listeners.isEmpty, ordering: .releasing)
      }
    }
  }

  @usableFromInline
  func emit(_ event: OperationClientEvent) {
    guard isListening else { return }
    let handlers = listeners.withLock { Array($0.values) }
    for handler in handlers { handler(event) }
  }
}

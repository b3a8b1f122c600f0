import Synchronization
import TetherSynchronization

/// A client's event listeners, shared with its stores so that they can tell cheaply whether
/// anyone listens before they queue an event.
final class ClientEventHub: Sendable {
  typealias Handler = @Sendable (OperationClientEvent) -> Void

  /// The listeners in the order they subscribed: an array that emitting copies by reference,
  /// so an event costs no allocation.
  private let listeners = SanitizerVisibleMutex([(id: UInt64, handler: Handler)]())
  let listening = Atomic(false)
  private let nextID = Atomic<UInt64>(0)
  /// The change markers (a persister, an inspector): each hears of every store's first change
  /// since the store's mark was last cleared.
  private let markers = SanitizerVisibleMutex<[Marker]>([])
  let marking = Atomic(false)

  typealias MarkHandler = @Sendable (any OperationStoreProtocol) -> Void

  /// A class, not a tuple: a closure held directly in the generic mutex would be wrapped in
  /// one more reabstraction thunk by every `withLock` that reads it (its `inout` writes the
  /// value back), and calls would get slower without end.
  private final class Marker: Sendable {
    let id: UInt64
    let mark: MarkHandler

    init(id: UInt64, mark: @escaping MarkHandler) {
      self.id = id
      self.mark = mark
    }
  }

  init() {}

  /// Whether anyone listens.
  var isListening: Bool { listening.load(ordering: .acquiring) }

  func subscribe(_ handler: @escaping @Sendable (OperationClientEvent) -> Void)
    -> OperationSubscription
  {
    let id = nextID.add(1, ordering: .relaxed).newValue
    listeners.withLock { listeners in
      listeners.append((id, handler))
      listening.store(true, ordering: .releasing)
    }
    return OperationSubscription { [weak self] in
      guard let self else { return }
      listeners.withLock { listeners in
        listeners.removeAll { $0.id == id }
        listening.store(!listeners.isEmpty, ordering: .releasing)
      }
    }
  }

  /// Whether a change marker is set.
  var isMarking: Bool { marking.load(ordering: .acquiring) }

  /// Adds a change marker.
  func setMarker(_ mark: @escaping MarkHandler) -> OperationSubscription {
    let id = nextID.add(1, ordering: .relaxed).newValue
    markers.withLock { markers in
      markers.append(Marker(id: id, mark: mark))
      marking.store(true, ordering: .releasing)
    }
    return OperationSubscription { [weak self] in
      guard let self else { return }
      markers.withLock { markers in
        markers.removeAll { $0.id == id }
        marking.store(!markers.isEmpty, ordering: .releasing)
      }
    }
  }

  /// Tells every marker that `store` changed.
  func mark(_ store: any OperationStoreProtocol) {
    for marker in markers.withLock({ $0 }) { marker.mark(store) }
  }

  func emit(_ event: OperationClientEvent) {
    guard isListening else { return }
    for listener in currentListeners { listener.handler(event) }
  }

  /// The listeners now, to emit several events to in a row.
  var currentListeners: [(id: UInt64, handler: Handler)] {
    listeners.withLock { $0 }
  }
}

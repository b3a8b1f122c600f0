/// A change to a client's stores, for front ends that show every store: stores added,
/// changed and removed, every run log entry as it is written, and warnings.
public enum OperationClientEvent: Sendable {
  /// A store was created.
  case storeAdded(any OperationStoreProtocol)
  /// A store's state changed: what every subscriber is told next (TanStack's `updated` and
  /// `observerResultsUpdated` in one, since a store's subscribers share its state).
  case storeUpdated(any OperationStoreProtocol)
  /// A subscriber started observing a store (TanStack's `observerAdded`); the store's
  /// ``OperationStoreProtocol/subscriberCount`` already counts it.
  case subscriberAdded(any OperationStoreProtocol)
  /// A subscriber stopped observing a store (TanStack's `observerRemoved`).
  case subscriberRemoved(any OperationStoreProtocol)
  /// An observed store's value turned stale when its stale time passed; its subscribers were
  /// just given its state again, so a screen showing "fresh" can say "stale". Values made
  /// stale by invalidation or a zero stale time are never fresh, and have no such event.
  case storeBecameStale(any OperationStoreProtocol)
  /// A store was removed, by hand or by garbage collection.
  case storeRemoved(any OperationStoreProtocol)
  /// A store wrote an entry to its run log (what a devtools timeline draws).
  case runLogged(RunLogEntry, store: any OperationStoreProtocol)
  /// A misuse worth fixing, such as two `store(for:)` of one path with other modifiers.
  case warning(String, path: OperationPath)

  /// The store the event is about; nil for a warning.
  public var store: (any OperationStoreProtocol)? {
    switch self {
    case .storeAdded(let store), .storeUpdated(let store), .storeRemoved(let store),
      .subscriberAdded(let store), .subscriberRemoved(let store), .storeBecameStale(let store),
      .runLogged(_, let store):
      store
    case .warning: nil
    }
  }
}

/// A change to a client's stores, for front ends that show every store.
public enum OperationClientEvent: Sendable {
  /// A store was created.
  case storeAdded(any OperationStoreProtocol)
  /// A store's state changed.
  case storeUpdated(any OperationStoreProtocol)
  /// A store was removed, by hand or by garbage collection.
  case storeRemoved(any OperationStoreProtocol)

  /// The store the event is about.
  public var store: any OperationStoreProtocol {
    switch self {
    case .storeAdded(let store), .storeUpdated(let store), .storeRemoved(let store): store
    }
  }
}

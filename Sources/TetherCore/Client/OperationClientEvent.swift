/// A change to a client's stores, for front ends that show every store: stores added,
/// changed and removed, every run log entry as it is written, and warnings.
public enum OperationClientEvent: Sendable {
  /// A store was created.
  case storeAdded(any OperationStoreProtocol)
  /// A store's state changed.
  case storeUpdated(any OperationStoreProtocol)
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
      .runLogged(_, let store):
      store
    case .warning: nil
    }
  }
}

import TetherSynchronization

/// The client a garbage collector reports to, held weakly so the collector does not keep its
/// client alive.
///
/// A class with a weak reference, not a closure kept in a lock: a closure held directly in the
/// generic mutex is wrapped in one more reabstraction thunk by every `withLock` that reads it
/// (the `inout` writes it back), so each collection got slower than the last.
final class CollectionTarget: Sendable {
  private let storage = SanitizerVisibleMutex(WeakClient())

  private struct WeakClient {
    weak var client: OperationClient?
  }

  var client: OperationClient? {
    get { storage.withLock { $0.client } }
    set { storage.withLock { $0.client = newValue } }
  }
}

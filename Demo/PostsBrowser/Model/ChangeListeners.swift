import TetherCore
import TetherSynchronization

/// Closures to call after something changed, each until its subscription ends; safe from any
/// thread. Whoever owns the change calls ``notify()`` once the new state is stored, so a
/// listener that redraws always reads it.
final class ChangeListeners: Sendable {
  private struct State {
    var nextID: UInt64 = 0
    var listeners: [UInt64: @Sendable () -> Void] = [:]
  }

  private let state = SanitizerVisibleMutex(State())

  /// Calls `listener` after every change until the returned subscription ends.
  func add(_ listener: @escaping @Sendable () -> Void) -> OperationSubscription {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.listeners[state.nextID] = listener
      return state.nextID
    }
    return OperationSubscription { [weak self] in
      _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
    }
  }

  /// Calls every listener, on this thread.
  func notify() {
    for listener in state.withLock({ Array($0.listeners.values) }) { listener() }
  }
}

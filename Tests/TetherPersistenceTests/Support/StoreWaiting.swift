import TetherCore
import TetherSynchronization

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = SanitizerVisibleMutex(0)

  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  var count: Int { value.withLock { $0 } }
}

extension OperationStore {
  /// Returns the first state, the current one included, that satisfies `predicate`: the
  /// store's own deliveries wake the caller, never a timer.
  @discardableResult
  func firstState(where predicate: @escaping @Sendable (State) -> Bool) async -> State {
    let waiter = SanitizerVisibleMutex<CheckedContinuation<State, Never>?>(nil)
    return await withCheckedContinuation { continuation in
      waiter.withLock { $0 = continuation }
      let subscription = SanitizerVisibleMutex<OperationSubscription?>(nil)
      let handle = { @Sendable (state: State) in
        guard predicate(state), let found = waiter.withLock({ $0.take() }) else { return }
        found.resume(returning: state)
        subscription.withLock { $0 }?.cancel()
      }
      // Subscribed outside the lock: a store may deliver to a new subscriber before
      // `subscribe` returns, and `handle` takes the lock to cancel.
      let made = subscribe(handle)
      subscription.withLock { $0 = made }
      handle(self.state)
      if waiter.withLock({ $0 == nil }) { subscription.withLock { $0 }?.cancel() }
    }
  }
}

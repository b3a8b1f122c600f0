import Synchronization
import TetherCore

/// Subscribes to a store and records every state it delivers; tests wait for states that match.
///
/// The recorder is a subscriber: subscribing to a stale store that runs automatically starts a
/// fetch.
final class StateRecorder<State: OperationState>: Sendable {
  private struct Storage {
    var states: [State] = []
    var cursor = 0
    var waiter:
      (predicate: @Sendable (State) -> Bool, continuation: CheckedContinuation<State, Never>)?
  }

  private let storage = Mutex(Storage())
  private let subscription = Mutex<OperationSubscription?>(nil)

  init(_ store: OperationStore<State>) {
    let subscription = store.subscribe { [weak self] state in self?.record(state) }
    self.subscription.withLock { $0 = subscription }
  }

  /// Every state delivered so far.
  var states: [State] { storage.withLock { $0.states } }

  /// Ends the subscription.
  func cancel() {
    subscription.withLock { $0 }?.cancel()
  }

  /// Returns the next delivered state (after the previous match) that satisfies `predicate`,
  /// waiting for it if needed.
  @discardableResult
  func next(where predicate: @escaping @Sendable (State) -> Bool) async -> State {
    await withCheckedContinuation { continuation in
      let found = storage.withLock { storage -> State? in
        while storage.cursor < storage.states.count {
          let state = storage.states[storage.cursor]
          storage.cursor += 1
          if predicate(state) { return state }
        }
        storage.waiter = (predicate, continuation)
        return nil
      }
      if let found { continuation.resume(returning: found) }
    }
  }

  private func record(_ state: State) {
    let resume = storage.withLock { storage -> CheckedContinuation<State, Never>? in
      storage.states.append(state)
      guard let waiter = storage.waiter, storage.cursor == storage.states.count - 1 else {
        return nil
      }
      storage.cursor += 1
      guard waiter.predicate(state) else { return nil }
      storage.waiter = nil
      return waiter.continuation
    }
    resume?.resume(returning: state)
  }
}

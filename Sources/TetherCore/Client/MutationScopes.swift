import TetherSynchronization

/// The client's mutation scopes: mutations that share a scope id run one after another, in the
/// order they asked.
final class MutationScopes: Sendable {
  private struct Scope {
    var isBusy = false
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
  }

  private let scopes = SanitizerVisibleMutex([String: Scope]())

  /// Takes the scope if it is free.
  func tryAcquire(_ id: String) -> Bool {
    scopes.withLock { scopes in
      guard scopes[id]?.isBusy != true else { return false }
      scopes[id, default: Scope()].isBusy = true
      return true
    }
  }

  /// Waits for the scope, first come first served; false when cancelled first.
  func acquire(_ id: String) async -> Bool {
    let waiterID = OperationStore<QueryState<Void, Never>>.nextID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let acquired = scopes.withLock { scopes -> Bool? in
          if Task.isCancelled { return false }
          guard scopes[id]?.isBusy == true else {
            scopes[id, default: Scope()].isBusy = true
            return true
          }
          scopes[id]!.waiters.append((waiterID, continuation))
          return nil
        }
        if let acquired { continuation.resume(returning: acquired) }
      }
    } onCancel: {
      let waiter = scopes.withLock { scopes -> CheckedContinuation<Bool, Never>? in
        guard let index = scopes[id]?.waiters.firstIndex(where: { $0.id == waiterID }) else {
          return nil
        }
        return scopes[id]!.waiters.remove(at: index).continuation
      }
      waiter?.resume(returning: false)
    }
  }

  /// Hands the scope to the next waiter, or frees it.
  func release(_ id: String) {
    let next = scopes.withLock { scopes -> CheckedContinuation<Bool, Never>? in
      guard var scope = scopes[id] else { return nil }
      if scope.waiters.isEmpty {
        scopes[id] = nil
        return nil
      }
      let next = scope.waiters.removeFirst().continuation
      scopes[id] = scope
      return next
    }
    next?.resume(returning: true)
  }
}

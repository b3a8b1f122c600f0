import TetherSynchronization

/// The client's mutation scopes: mutations that share a scope id run one after another, in the
/// order they were submitted.
///
/// A mutation takes a ticket when it is submitted, before anything it awaits (its `onMutate`,
/// the network), as TanStack's mutation cache queues a scoped mutation when it is built; its
/// turn comes in ticket order, whatever order the tasks later wake up in.
final class MutationScopes: Sendable {
  /// A place in a scope's queue.
  struct Ticket: Sendable {
    let scope: String
    let number: UInt64
  }

  private struct Scope {
    /// The ticket whose turn it is.
    var holder: UInt64
    /// The tickets after it, in order.
    var queue: [UInt64] = []
    /// Those of the queued tickets whose mutation waits for its turn.
    var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  }

  private let scopes = SanitizerVisibleMutex([String: Scope]())
  private let nextNumber = SanitizerVisibleMutex<UInt64>(0)

  /// Takes a place in `id`'s queue: the turn at once when the scope is free.
  func enqueue(_ id: String) -> Ticket {
    let number = nextNumber.withLock {
      $0 += 1
      return $0
    }
    scopes.withLock { scopes in
      if scopes[id] == nil {
        scopes[id] = Scope(holder: number)
      } else {
        scopes[id]!.queue.append(number)
      }
    }
    return Ticket(scope: id, number: number)
  }

  /// Whether it is `ticket`'s turn.
  func isTurn(of ticket: Ticket) -> Bool {
    scopes.withLock { $0[ticket.scope]?.holder == ticket.number }
  }

  /// Waits for `ticket`'s turn; false, giving up the place, when the task is cancelled first.
  func waitForTurn(of ticket: Ticket) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let ready = scopes.withLock { scopes -> Bool? in
          guard let scope = scopes[ticket.scope] else { return false }
          if scope.holder == ticket.number { return true }
          guard scope.queue.contains(ticket.number) else { return false }
          if Task.isCancelled { return false }
          scopes[ticket.scope]!.waiters[ticket.number] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = scopes.withLock { scopes in
        scopes[ticket.scope]?.waiters.removeValue(forKey: ticket.number)
      }
      waiter?.resume(returning: false)
    }
  }

  /// Gives up `ticket`: its turn passes to the next ticket, or its place in the queue is
  /// dropped. Called once per ticket, when its mutation ends or is cancelled.
  func release(_ ticket: Ticket) {
    let next = scopes.withLock { scopes -> CheckedContinuation<Bool, Never>? in
      guard var scope = scopes[ticket.scope] else { return nil }
      guard scope.holder == ticket.number else {
        scope.queue.removeAll { $0 == ticket.number }
        let waiter = scope.waiters.removeValue(forKey: ticket.number)
        scopes[ticket.scope] = scope
        waiter?.resume(returning: false)
        return nil
      }
      guard !scope.queue.isEmpty else {
        scopes[ticket.scope] = nil
        return nil
      }
      scope.holder = scope.queue.removeFirst()
      let next = scope.waiters.removeValue(forKey: scope.holder)
      scopes[ticket.scope] = scope
      return next
    }
    next?.resume(returning: true)
  }
}

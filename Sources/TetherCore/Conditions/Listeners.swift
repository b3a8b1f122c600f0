import TetherSynchronization

/// The listeners of something that changes, told of each change in the order they subscribed:
/// the bookkeeping of `subscribe` and `notify` (TanStack's `Subscribable`), safe from any
/// thread. What a custom ``RunCondition`` needs to tell its stores it changed:
///
/// ```swift
/// import TetherCore
///
/// final class LidCondition: RunCondition {
///   private let listeners = Listeners<Bool>()
///
///   var trigger: RunTrigger { .condition }
///   func isSatisfied(in context: OperationContext) -> Bool { true }  // read the lid here
///
///   func subscribe(
///     in context: OperationContext, onChange: @escaping @Sendable (Bool) -> Void
///   ) -> OperationSubscription {
///     listeners.subscribe(onChange)
///   }
///
///   func lidOpened() { listeners.notify(true) }
/// }
/// ```
public final class Listeners<Change>: Sendable {
  private struct State {
    var nextID: UInt64 = 0
    var listeners: [(id: UInt64, listener: @Sendable (Change) -> Void)] = []
  }

  private let state = SanitizerVisibleMutex(State())

  /// No listeners yet.
  public init() {}

  /// Calls `listener` with every change notified until the subscription is cancelled or
  /// released.
  public func subscribe(_ listener: @escaping @Sendable (Change) -> Void) -> OperationSubscription {
    let id = state.withLock { state in
      state.nextID += 1
      state.listeners.append((state.nextID, listener))
      return state.nextID
    }
    return OperationSubscription { [weak self] in
      self?.state.withLock { state in state.listeners.removeAll { $0.id == id } }
    }
  }

  /// Calls every listener with `change`, on this thread, outside the lock: a listener may
  /// subscribe or cancel.
  public func notify(_ change: Change) {
    let listeners = state.withLock { state in state.listeners.map(\.listener) }
    for listener in listeners { listener(change) }
  }
}

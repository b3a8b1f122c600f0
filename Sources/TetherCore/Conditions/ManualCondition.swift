import TetherSynchronization

/// A condition a front end sets by hand, e.g. "the terminal has focus" or "the network is
/// reachable"; operations rerun on it when it becomes true.
///
/// ```swift
/// let focus = ManualCondition(true, trigger: .focus)
/// let post = Query(["post", id]) { _ in try await api.post(id) }.rerunOnChange(of: focus)
/// // on focus out: focus.set(false); on focus in: focus.set(true) — stale posts refetch
/// ```
///
/// A condition made with `trigger: .focus` or `.reconnect` reruns stores only when they are
/// stale (TanStack's `refetchOnWindowFocus` and `refetchOnReconnect`); others rerun them
/// whenever they become true. Tests drive a client's connectivity with one.
public final class ManualCondition: RunCondition {
  private struct State {
    var value: Bool
    var nextID: UInt64 = 0
    var observers: [UInt64: @Sendable (Bool) -> Void] = [:]
  }

  private let state: SanitizerVisibleMutex<State>
  public let trigger: RunTrigger

  /// A condition with `initialValue`, whose reruns are logged as `trigger`.
  public init(_ initialValue: Bool = false, trigger: RunTrigger = .condition) {
    state = SanitizerVisibleMutex(State(value: initialValue))
    self.trigger = trigger
  }

  /// The current value.
  public var value: Bool { state.withLock { $0.value } }

  /// Sets the value; observers are told when it changes.
  public func set(_ value: Bool) {
    let observers = state.withLock { state -> [@Sendable (Bool) -> Void] in
      guard state.value != value else { return [] }
      state.value = value
      return Array(state.observers.values)
    }
    for observer in observers { observer(value) }
  }

  public func isSatisfied(in context: OperationContext) -> Bool { value }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    let id = state.withLock { state in
      state.nextID += 1
      state.observers[state.nextID] = onChange
      return state.nextID
    }
    return OperationSubscription { [weak self] in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
  }
}

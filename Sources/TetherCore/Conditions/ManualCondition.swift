import Synchronization

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
  private let current: Atomic<Bool>
  private let listeners = Listeners<Bool>()
  public let trigger: RunTrigger

  /// A condition with `initialValue`, whose reruns are logged as `trigger`.
  public init(_ initialValue: Bool = false, trigger: RunTrigger = .condition) {
    current = Atomic(initialValue)
    self.trigger = trigger
  }

  /// The current value.
  public var value: Bool { current.load(ordering: .acquiring) }

  /// Sets the value; observers are told when it changes.
  public func set(_ value: Bool) {
    guard current.exchange(value, ordering: .acquiringAndReleasing) != value else { return }
    listeners.notify(value)
  }

  public func isSatisfied(in context: OperationContext) -> Bool { value }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    listeners.subscribe(onChange)
  }
}

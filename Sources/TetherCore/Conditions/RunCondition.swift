import TetherSynchronization

/// A boolean condition that changes over time; `rerunOnChange(of:)` reruns an operation each
/// time its condition becomes true, and a client's connectivity is one.
///
/// Conditions combine with `&&`, `||` and `!`:
///
/// ```swift
/// let online = ManualCondition(true)
/// query.rerunOnChange(of: .polling(every: .seconds(10)) && online)
/// ```
public protocol RunCondition: Sendable {
  /// Whether the condition holds now.
  func isSatisfied(in context: OperationContext) -> Bool

  /// Calls `onChange` with the new value each time the condition changes, until the returned
  /// subscription ends.
  func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription

  /// What a run this condition starts is logged as: `.poll` for polling, `.focus` or
  /// `.reconnect` when it says so, `.condition` otherwise.
  var trigger: RunTrigger { get }
}

extension RunCondition {
  public var trigger: RunTrigger { .condition }
}

/// Both conditions (`&&`) or either condition (`||`).
public struct CombinedCondition<Left: RunCondition, Right: RunCondition>: RunCondition {
  let left: Left
  let right: Right
  let combine: @Sendable (Bool, Bool) -> Bool

  /// The first part's trigger unless it is a plain condition, then the second part's.
  public var trigger: RunTrigger { left.trigger != .condition ? left.trigger : right.trigger }

  public func isSatisfied(in context: OperationContext) -> Bool {
    combine(left.isSatisfied(in: context), right.isSatisfied(in: context))
  }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    let values = SanitizerVisibleMutex(
      (left: left.isSatisfied(in: context), right: right.isSatisfied(in: context)))
    let combined = SanitizerVisibleMutex(isSatisfied(in: context))
    let combine = combine
    let update = { @Sendable (change: (inout (left: Bool, right: Bool)) -> Void) in
      let value = values.withLock { values in
        change(&values)
        return combine(values.left, values.right)
      }
      let changed = combined.withLock { current in
        defer { current = value }
        return current != value
      }
      if changed { onChange(value) }
    }
    let leftSubscription = left.subscribe(in: context) { value in update { $0.left = value } }
    let rightSubscription = right.subscribe(in: context) { value in update { $0.right = value } }
    return OperationSubscription {
      leftSubscription.cancel()
      rightSubscription.cancel()
    }
  }
}

/// The opposite of a condition (`!`).
public struct NegatedCondition<Base: RunCondition>: RunCondition {
  let base: Base

  public var trigger: RunTrigger { base.trigger }

  public func isSatisfied(in context: OperationContext) -> Bool {
    !base.isSatisfied(in: context)
  }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    base.subscribe(in: context) { onChange(!$0) }
  }
}

/// Holds when both conditions hold.
public func && <Left: RunCondition, Right: RunCondition>(
  left: Left, right: Right
) -> CombinedCondition<Left, Right> {
  CombinedCondition(left: left, right: right) { $0 && $1 }
}

/// Holds when either condition holds.
public func || <Left: RunCondition, Right: RunCondition>(
  left: Left, right: Right
) -> CombinedCondition<Left, Right> {
  CombinedCondition(left: left, right: right) { $0 || $1 }
}

/// Holds when `condition` does not.
public prefix func ! <Base: RunCondition>(condition: Base) -> NegatedCondition<Base> {
  NegatedCondition(base: condition)
}

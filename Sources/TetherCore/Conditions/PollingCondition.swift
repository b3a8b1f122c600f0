/// A condition that becomes true for an instant every `interval` on the context's clock, so an
/// operation rerun on it polls.
public struct PollingCondition: RunCondition {
  /// The time between two polls.
  public let interval: Duration

  public var trigger: RunTrigger { .poll }

  public func isSatisfied(in context: OperationContext) -> Bool { false }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    let interval = interval
    let clock = context.clock
    let task = Task {
      while true {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        onChange(true)
        onChange(false)
      }
    }
    return OperationSubscription { task.cancel() }
  }
}

extension RunCondition where Self == PollingCondition {
  /// Becomes true every `interval`: rerun on it to poll.
  public static func polling(every interval: Duration) -> PollingCondition {
    PollingCondition(interval: interval)
  }
}

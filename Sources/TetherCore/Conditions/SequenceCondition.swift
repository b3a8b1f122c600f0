import Synchronization

/// A condition that follows an `AsyncSequence` of booleans, e.g. a stream of reachability
/// changes.
public struct SequenceCondition<Values: AsyncSequence & Sendable>: RunCondition
where Values.Element == Bool {
  private let values: Values
  private let latest: LatestValue

  init(values: Values, initialValue: Bool) {
    self.values = values
    self.latest = LatestValue(initialValue)
  }

  public func isSatisfied(in context: OperationContext) -> Bool { latest.value }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    let values = values
    let latest = latest
    let task = Task {
      do {
        for try await value in values {
          if latest.replace(with: value) { onChange(value) }
        }
      } catch {
        // A failed sequence stops changing the condition; it keeps its last value.
      }
    }
    return OperationSubscription { task.cancel() }
  }
}

private final class LatestValue: Sendable {
  private let storage: Mutex<Bool>

  init(_ value: Bool) { storage = Mutex(value) }

  var value: Bool { storage.withLock { $0 } }

  /// Stores `value`; returns whether it differs from the previous one.
  func replace(with value: Bool) -> Bool {
    storage.withLock { current in
      defer { current = value }
      return current != value
    }
  }
}

extension RunCondition {
  /// A condition that follows `values`, starting at `initialValue`.
  public static func values<Values: AsyncSequence & Sendable>(
    of values: Values, initially initialValue: Bool = false
  ) -> SequenceCondition<Values> where Self == SequenceCondition<Values> {
    SequenceCondition(values: values, initialValue: initialValue)
  }
}

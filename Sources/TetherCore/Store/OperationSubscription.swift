import Synchronization

/// A live subscription; it ends when cancelled or when released.
///
/// Keep it as long as you want updates:
///
/// ```swift
/// let subscription = store.subscribe { state in render(state) }
/// ...
/// subscription.cancel()
/// ```
public final class OperationSubscription: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  /// A subscription that runs `onCancel` once, when it is cancelled or released.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(onCancel)
  }

  /// A subscription with nothing to end.
  public static var empty: OperationSubscription { OperationSubscription {} }

  /// Ends the subscription; later calls do nothing.
  public func cancel() {
    let onCancel = onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    onCancel?()
  }

  deinit { cancel() }
}

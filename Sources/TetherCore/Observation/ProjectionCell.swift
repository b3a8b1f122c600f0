/// The last projected value a subscriber was given: what a projected subscriber's delivery
/// (``OperationStore/subscribe(select:onChange:)``) or a filtered one's
/// (``OperationStore/subscribe(notifyingOn:_:)``) compares the next one with.
///
/// Unchecked `Sendable`, without a lock: a store calls its subscribers one delivery at a time,
/// and hands delivery from thread to thread under its lock (see ``OperationStore``), so the
/// cell is never touched by two threads at once and each delivery sees the previous one's
/// write. A lock here would cost every subscriber of a busy store one more atomic pair per
/// change, which is what projections exist to save.
@usableFromInline
final class ProjectionCell<Value: Equatable>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var value: Value?

  @usableFromInline init() {}

  /// Keeps `newValue`; returns whether it differs from the one kept before (true the first
  /// time).
  @inlinable
  func replace(with newValue: Value) -> Bool {
    if let value, value == newValue { return false }
    value = newValue
    return true
  }
}

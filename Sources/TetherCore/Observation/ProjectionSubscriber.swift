/// A subscriber with a projection (``OperationStore/subscribe(select:onChange:)``): the
/// store's own subscriber, carrying the projection, the last projected value and the handler,
/// so a change costs each projected subscriber one object touched, one call, one projection
/// and one comparison, without allocating or copying the state.
///
/// Its delivery is made where the subscription is made, so it is specialised for the state and
/// the projected type: the comparison is that type's `==`, inlined, without witness tables or
/// boxing, and the projection reads the state where the store keeps it (see
/// `OperationStore.Subscriber.project`).
///
/// Unchecked `Sendable`, without a lock: a store calls its subscribers one delivery at a time,
/// and hands delivery from thread to thread under its lock (see ``OperationStore``), so `last`
/// is never touched by two threads at once and each delivery sees the previous one's write.
@usableFromInline
final class ProjectionSubscriber<State: OperationState, Projection: Equatable & Sendable>:
  OperationStore<State>.Subscriber, @unchecked Sendable
{
  /// The last projected value, nil before the first delivery.
  @usableFromInline @exclusivity(unchecked) var last: Projection?
  @usableFromInline let projection: @Sendable (State) -> Projection
  @usableFromInline let onChange: @Sendable (Projection) -> Void

  @inlinable
  init(
    _ projection: @escaping @Sendable (State) -> Projection,
    _ onChange: @escaping @Sendable (Projection) -> Void
  ) {
    self.last = nil
    self.projection = projection
    self.onChange = onChange
    super.init { subscriber, state in
      let subscriber = unsafeDowncast(subscriber, to: ProjectionSubscriber.self)
      let value = subscriber.projection(state)
      if let last = subscriber.last, last == value { return }
      subscriber.last = value
      subscriber.onChange(value)
    }
  }
}

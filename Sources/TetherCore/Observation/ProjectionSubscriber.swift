/// A subscriber with a projection (``OperationStore/subscribe(select:onChange:)``): the
/// projection, the last projected value and the handler, in one object that is also the
/// context of the store's handler, so a change costs each projected subscriber one object
/// touched, one projection and one comparison, without allocating or copying the state.
///
/// The work is split by what each half knows, which is what keeps it cheap:
/// - ``receive(_:)`` is never specialised: it gets the store's state by address and hands that
///   address to the projection, whatever the state's size. A copy specialised for a concrete
///   state took the state by value and copied it twice per subscriber per change (344 bytes for
///   a query's state, by `perf`).
/// - `offer` is made where the subscription is made, so it is specialised for the projected
///   type: the comparison is that type's `==`, inlined, without witness tables or boxing.
///
/// Unchecked `Sendable`, without a lock: a store calls its subscribers one delivery at a time,
/// and hands delivery from thread to thread under its lock (see ``OperationStore``), so `last`
/// is never touched by two threads at once and each delivery sees the previous one's write.
@usableFromInline
final class ProjectionSubscriber<State: OperationState, Projection: Equatable & Sendable>:
  @unchecked Sendable
{
  /// The last projected value, nil before the first delivery. First, so that it shares a
  /// cache line with the object's header and the projection.
  @usableFromInline @exclusivity(unchecked) var last: Projection?
  @usableFromInline let projection: @Sendable (State) -> Projection
  /// Compares a projected value with `last`, keeps it and calls the handler if it differs.
  @usableFromInline let offer: (ProjectionSubscriber, consuming Projection) -> Void
  @usableFromInline let handler: @Sendable (Projection) -> Void

  @inlinable
  init(
    _ projection: @escaping @Sendable (State) -> Projection,
    _ handler: @escaping @Sendable (Projection) -> Void
  ) {
    self.last = nil
    self.projection = projection
    self.handler = handler
    self.offer = { subscriber, value in subscriber.offer(value) }
  }

  @inlinable
  func offer(_ value: consuming Projection) {
    if let last, last == value { return }
    last = copy value
    handler(value)
  }

  /// Projects `state` and offers the result; the store's handler.
  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  func receive(_ state: State) {
    offer(self, projection(state))
  }
}

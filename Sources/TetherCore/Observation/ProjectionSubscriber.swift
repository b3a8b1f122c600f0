/// A subscriber with a projection (``OperationStore/subscribe(select:onChange:)``): the
/// store's own subscriber, carrying the projection, the last projected value and the handler,
/// so a change costs each projected subscriber one object touched, one projection and one
/// comparison, without allocating or copying the state.
///
/// The work is split by what each half knows, which is what keeps it cheap:
/// - ``receive(_:)`` is never specialised (the store calls it through the class's table): it
///   gets the store's state by address and hands that address to the projection, whatever the
///   state's size. A closure specialised for a concrete state took the state by value and
///   copied it (336 bytes for a query's state, by `perf`) to call a projection that takes it by
///   address, as every projection stored in a generic type does.
/// - `offer` is made where the subscription is made, so it is specialised for the projected
///   type: the comparison is that type's `==`, inlined, without witness tables or boxing.
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
  /// Compares a projected value with `last`, keeps it and calls the handler if it differs.
  @usableFromInline let offer: (ProjectionSubscriber, consuming Projection) -> Void
  @usableFromInline let onChange: @Sendable (Projection) -> Void

  @inlinable
  init(
    _ projection: @escaping @Sendable (State) -> Projection,
    _ onChange: @escaping @Sendable (Projection) -> Void
  ) {
    self.last = nil
    self.projection = projection
    self.onChange = onChange
    self.offer = { subscriber, value in subscriber.offer(value) }
    super.init()
  }

  @inlinable
  func offer(_ value: consuming Projection) {
    if let last, last == value { return }
    last = copy value
    onChange(value)
  }

  /// Projects `state` and offers the result.
  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  override func receive(_ state: State) {
    offer(self, projection(state))
  }
}

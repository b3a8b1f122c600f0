/// A state of a store queued for its subscribers.
final class TypedStateBox<State: OperationState>: StateBox, @unchecked Sendable {
  /// Variable only so that projected subscribers read it in place (see
  /// `OperationStore.Subscriber.project`); nothing changes it, and the outbox hands it out one
  /// delivery at a time.
  @exclusivity(unchecked) var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Gives `subscriber` the state where it lies: a projected subscriber reads it `inout`, a
  /// handler gets it through an `inout` parameter, so neither copies it. The box's own method,
  /// called by the machine through the class's table, so that the state's place comes from the
  /// box's metadata (read from outside, it took a lookup of `TypedStateBox<State>`'s metadata
  /// per subscriber) and a delivery costs one unspecialised call before the subscriber's own.
  override func deliver(to subscriber: StoreSubscriber) {
    let subscriber = unsafeDowncast(subscriber, to: OperationStore<State>.Subscriber.self)
    if subscriber.handler == nil {
      subscriber.project?(&state)
    } else {
      subscriber.call(with: &state)
    }
  }
}

/// A state of a store queued for its subscribers.
@usableFromInline
final class TypedStateBox<State: OperationState>: StateBox, @unchecked Sendable {
  /// Variable only so that projected subscribers read it in place (see
  /// `OperationStore.Subscriber.project`); nothing changes it, and the outbox hands it out one
  /// delivery at a time.
  @exclusivity(unchecked) var state: State

  @usableFromInline
  init(_ state: State) {
    self.state = state
  }
}

/// What a run carries of its store's types, for the typed shell: its input and configuration
/// (for its task), the state to revert to if it is cancelled, and its result, which the
/// callers waiting for it read once resumed.
@usableFromInline
final class TypedRunSlot<State: OperationState>: RunSlot, @unchecked Sendable {
  @usableFromInline
  let id: OperationRunID
  @usableFromInline
  let input: State.RunInput
  @usableFromInline
  let configuration: OperationStore<State>.Configuration
  /// What a restored paused attempt goes on from.
  @usableFromInline
  let restored: RestoredAttempt?
  /// The state before the run's first yield, to revert to if it is cancelled; dropped as soon
  /// as anything else changes the state.
  var revertState: State?
  /// The run's result, set under the store's lock before its callers are resumed.
  @usableFromInline
  var outcome: Result<State.OperationValue, State.Failure>?

  @usableFromInline
  init(
    id: OperationRunID, input: State.RunInput,
    configuration: OperationStore<State>.Configuration, restored: RestoredAttempt?
  ) {
    self.id = id
    self.input = input
    self.configuration = configuration
    self.restored = restored
  }

  override func dropRevertState() {
    revertState = nil
  }

  /// The slot of a run of a store of `State`.
  @inlinable
  static func of(_ slot: RunSlot) -> TypedRunSlot {
    unsafeDowncast(slot, to: TypedRunSlot.self)
  }
}

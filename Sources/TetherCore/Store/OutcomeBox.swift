/// A run's result, handed to the callers waiting for it. Its one stored property is its generic
/// parameter, so that releasing it, in code compiled once, looks up no metadata.
@usableFromInline
final class OutcomeBox<Outcome: Sendable>: Sendable {
  @usableFromInline
  let outcome: Outcome

  @inlinable
  init(_ outcome: Outcome) {
    self.outcome = outcome
  }
}

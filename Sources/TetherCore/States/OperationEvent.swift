import Foundation

/// One event in the life of a store, as its state sees it: the closed set of actions every
/// ``OperationState`` reduces in `apply(_:)`.
public enum OperationEvent<State: OperationState>: Sendable {
  /// A run started with `input`.
  case runStarted(OperationRunID, input: State.RunInput, date: Date)
  /// A run yielded an intermediate result.
  case runYielded(OperationRunID, Result<State.OperationValue, State.Failure>, date: Date)
  /// A run's attempt failed and a retry is scheduled.
  case retryScheduled(OperationRunID, RetryProgress<State.Failure>)
  /// A run's next attempt was sent, after the wait a `retryScheduled` announced.
  case attemptStarted(OperationRunID, date: Date)
  /// A run's transfer came further (bytes sent and received).
  case transferProgressed(OperationRunID, TransferProgress)
  /// A run waits, spending no attempt.
  case runPaused(OperationRunID)
  /// A paused run goes on.
  case runResumed(OperationRunID)
  /// A run finished with its result.
  case runFinished(OperationRunID, Result<State.OperationValue, State.Failure>, date: Date)
  /// A run was cancelled; its result will never be applied. When not `reverted`, the state
  /// keeps what the run changed and says it was cancelled.
  case runCancelled(OperationRunID, reverted: Bool, date: Date)
  /// The current value was set by hand (an optimistic update).
  case currentValueSet(State.CurrentValue, date: Date)
  /// A placeholder to show until the store has a value (nil removes it).
  case placeholderSet(State.CurrentValue?)
  /// The value was invalidated.
  case invalidated
  /// A later `store(for:)` brought new options (staleness, limits).
  case configured(OperationContext)
}

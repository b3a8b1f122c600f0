import Foundation
import TetherSynchronization

/// The actions of a mutation's store.
extension OperationStore {
  /// Runs the mutation with `arguments`; the attempt is added to the history. Every call is
  /// its own attempt: mutations are never deduplicated.
  @discardableResult
  public func mutate<Arguments, Value, Failure>(
    with arguments: Arguments
  ) async throws(OperationError<Failure>) -> Value
  where State == MutationState<Arguments, Value, Failure> {
    try Self.value(of: await runStep(.mutate, mode: .fresh) { _ in arguments })
  }

  /// Runs the mutation; the attempt is added to the history.
  @discardableResult
  public func mutate<Value, Failure>() async throws(OperationError<Failure>) -> Value
  where State == MutationState<Void, Value, Failure> {
    try await mutate(with: ())
  }

  /// Runs the mutation again with the arguments of its latest attempt; nil, without running,
  /// when it has never run.
  @discardableResult
  public func retryLatest<Arguments, Value, Failure>() async throws(OperationError<Failure>)
    -> Value?
  where State == MutationState<Arguments, Value, Failure> {
    let step = await runStep(.mutate, mode: .fresh) { $0.latestAttempt?.arguments }
    if case .nothing = step { return nil }
    return try Self.value(of: step)
  }
}

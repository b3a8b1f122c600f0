import Foundation
import TetherSynchronization

/// The actions of a query's store.
extension OperationStore {
  /// Fetches the query's value, sharing a fetch in flight when the query is deduplicated (the
  /// client's default).
  ///
  /// A failure is thrown and kept in the state next to the previous value; cancelling the
  /// calling task throws ``OperationError/cancelled`` and cancels the fetch unless others wait
  /// for it. Unlike TanStack's `fetchQuery`, an imperative fetch is retried like any other run
  /// (the client's default is 3 retries): a caller that awaits a value wants it to survive a
  /// transient failure as much as a screen does.
  @inlinable
  @discardableResult
  public func fetch<Value, Failure>() async throws(OperationError<Failure>) -> Value
  where State == QueryState<Value, Failure> {
    // Waits here, so that the wait costs no generic frame: a continuation the store resumes
    // with the run's result, boxed as `RunOutcome` does (nil when cancelled).
    let id = Self.nextID()
    let outcome = await withTaskCancellationHandler {
      await withUnsafeContinuation {
        (continuation: UnsafeContinuation<(any AnyObject & Sendable)?, Never>) in
        enqueueFetch(id, continuation)
      }
    } onCancel: {
      cancelWaiter(id)
    }
    guard let outcome else { throw .cancelled }
    // Read here, where the result's type is known.
    switch unsafeDowncast(outcome, to: ManagedBuffer<Result<Value, Failure>, Void>.self).header {
    case .success(let value): return value
    case .failure(let failure): throw .failure(failure)
    }
  }

  /// Fetches the value afresh: a run in flight is cancelled (its callers wait for the new one)
  /// so the value returned was fetched after this call — after the mutation that made you
  /// refetch, say. With `cancelInFlight: false`, a run in flight is joined instead.
  @discardableResult
  public func refetch<Value, Failure>(
    cancelInFlight: Bool = true
  ) async throws(OperationError<Failure>) -> Value
  where State == QueryState<Value, Failure> {
    try Self.value(
      of: await runStep(.refetch, mode: cancelInFlight ? .replace : .join) { _ in () })
  }

  /// The value if it is fresh; otherwise a fetch (TanStack's `fetchQuery`).
  @discardableResult
  public func fetchIfStale<Value, Failure>() async throws(OperationError<Failure>) -> Value
  where State == QueryState<Value, Failure> {
    let now = clock.now()
    let fresh = withStorage { storage -> Value? in
      guard storage.state.hasValue, !storage.state.isStale(at: now) else { return nil }
      return storage.state.currentValue
    }
    if let fresh { return fresh }
    return try await fetch()
  }

  /// The value if there is one, fresh or stale; otherwise a fetch (TanStack's
  /// `ensureQueryData`).
  ///
  /// - Parameter revalidateIfStale: also refetch a stale value in the background.
  @discardableResult
  public func ensureValue<Value, Failure>(
    revalidateIfStale: Bool = false
  ) async throws(OperationError<Failure>) -> Value
  where State == QueryState<Value, Failure> {
    let now = clock.now()
    let isListening = events?.isListening == true
    let effectsAndValue = withStorage { storage -> (StoreMachine.Effects, Value?) in
      guard storage.state.hasValue, let value = storage.state.currentValue else {
        return (StoreMachine.Effects(), nil)
      }
      guard revalidateIfStale else { return (StoreMachine.Effects(), value) }
      return (storage.step(.revalidateIfStale, at: now, isListening: isListening), value)
    }
    perform(effectsAndValue.0)
    if let value = effectsAndValue.1 { return value }
    return try await fetch()
  }

  /// The value of a run's end, or a cancellation for a step that brought none.
  static func value(of step: RunStep) throws(OperationError<State.Failure>)
    -> State.OperationValue
  {
    switch step {
    case .finished(let outcome):
      switch RunOutcome.result(
        in: outcome, as: Result<State.OperationValue, State.Failure>.self)
      {
      case .success(let value): return value
      case .failure(let failure): throw .failure(failure)
      }
    case .cancelled, .paused, .again, .nothing: throw .cancelled
    }
  }
}

/// A query's fetch, in code that names no query type.
extension OperationStore {
  /// A query's `fetch()` wants a run: `continuation` (the caller's, whose cancellation
  /// handler cancels waiter `id`) gets the result of the run it joins or starts, or nil when
  /// it is cancelled.
  @usableFromInline
  func enqueueFetch(
    _ id: UInt64, _ continuation: UnsafeContinuation<(any AnyObject & Sendable)?, Never>
  ) {
    let waiter = StoreMachine.Waiter(id: id, fetching: continuation)
    change { storage in
      // Read under the lock, so that a cancellation either comes before (and is seen here)
      // or finds the waiter enqueued.
      storage.enqueueFetch(waiter, isCancelled: Task.isCancelled)
    }
  }
}

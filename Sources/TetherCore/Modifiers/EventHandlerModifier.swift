/// Calls handlers when a run starts, when it produces its result, and when it ends.
public struct EventHandlerModifier<Operation: OperationRequest>: OperationModifier {
  let onRunStarted: (@Sendable (OperationContext) -> Void)?
  let onResult: (@Sendable (Result<Operation.Value, Operation.Failure>, OperationContext) -> Void)?
  let onRunEnded: (@Sendable (OperationContext) -> Void)?

  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    onRunStarted?(context)
    defer { onRunEnded?(context) }
    do throws(Operation.Failure) {
      let value = try await operation.run(input, in: context, with: continuation)
      onResult?(.success(value), context)
      return value
    } catch {
      onResult?(.failure(error), context)
      throw error
    }
  }
}

extension OperationRequest {
  /// Calls `onRunStarted` before each run, `onResult` with its result and `onRunEnded` after it.
  public func handleEvents(
    onRunStarted: (@Sendable (OperationContext) -> Void)? = nil,
    onResult: (@Sendable (Result<Value, Failure>, OperationContext) -> Void)? = nil,
    onRunEnded: (@Sendable (OperationContext) -> Void)? = nil
  ) -> ModifiedOperation<Self, EventHandlerModifier<Self>> {
    modifier(
      EventHandlerModifier(onRunStarted: onRunStarted, onResult: onResult, onRunEnded: onRunEnded))
  }
}

/// Waits `duration` on the context's clock before each run.
public struct DelayModifier<Operation: OperationRequest>: OperationModifier {
  /// How long to wait before running.
  public let duration: Duration

  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    // A cancelled wait still runs the operation, which sees the cancellation and fails fast
    // with its own failure type.
    try? await context.clock.sleep(for: duration)
    return try await operation.run(input, in: context, with: continuation)
  }
}

extension OperationRequest {
  /// Waits `duration` before each run.
  public func delay(_ duration: Duration) -> ModifiedOperation<Self, DelayModifier<Self>> {
    modifier(DelayModifier(duration: duration))
  }
}

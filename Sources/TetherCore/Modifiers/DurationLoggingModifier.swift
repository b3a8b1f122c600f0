/// Reports how long each run took, measured on the context's clock.
public struct DurationLoggingModifier<Operation: OperationRequest>: OperationModifier {
  let log: @Sendable (OperationPath, Duration) -> Void

  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    let start = context.clock.now()
    defer { log(context.path, context.clock.now().duration(since: start)) }
    return try await operation.run(input, in: context, with: continuation)
  }
}

extension OperationRequest {
  /// Reports how long each run took on the context's clock.
  ///
  /// ```swift
  /// query.logDuration { path, duration in logger.info("\(path) took \(duration)") }
  /// ```
  public func logDuration(
    _ log: @escaping @Sendable (OperationPath, Duration) -> Void
  ) -> ModifiedOperation<Self, DurationLoggingModifier<Self>> {
    modifier(DurationLoggingModifier(log: log))
  }
}

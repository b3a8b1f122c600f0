// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/Modifiers.md as written; DocumentationTests checks it.

import TetherCore

struct Traced<Operation: OperationRequest>: OperationModifier {
  let log: @Sendable (String) -> Void

  func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    log("start \(context.path), attempt \(context.retryAttempt)")
    defer { log("end \(context.path)") }
    return try await operation.run(input, in: context, with: continuation)
  }
}

extension OperationRequest {
  func traced(_ log: @escaping @Sendable (String) -> Void) -> ModifiedOperation<
    Self, Traced<Self>
  > {
    modifier(Traced(log: log))
  }
}

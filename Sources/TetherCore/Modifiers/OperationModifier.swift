/// A behaviour added to an operation: it may configure the context once (`setup`) and wrap every
/// run (`run`). Apply one with a method on the request, e.g. `.retry(limit: 3)`.
///
/// Writing your own takes a few lines:
///
/// ```swift
/// struct Traced<Operation: OperationRequest>: OperationModifier {
///   func run(
///     _ input: Operation.Input, in context: OperationContext, using operation: Operation,
///     with continuation: Continuation
///   ) async throws(Operation.Failure) -> Operation.Value {
///     print("start \(context.path)")
///     defer { print("end \(context.path)") }
///     return try await operation.run(input, in: context, with: continuation)
///   }
/// }
///
/// extension OperationRequest {
///   func traced() -> ModifiedOperation<Self, Traced<Self>> { modifier(Traced()) }
/// }
/// ```
public protocol OperationModifier<Operation>: Sendable {
  /// The operation this modifier wraps.
  associatedtype Operation: OperationRequest

  /// The wrapped operation's continuation, through which a run reports its yields, retries and
  /// pauses.
  typealias Continuation = OperationContinuation<Operation.Value, Operation.Failure>

  /// Writes configuration into the context, after the wrapped operation's own setup.
  func setup(context: inout OperationContext, using operation: Operation)

  /// Runs the wrapped operation with `input`, adding this modifier's behaviour.
  func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value
}

extension OperationModifier {
  public func setup(context: inout OperationContext, using operation: Operation) {}

  @inlinable
  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    try await operation.run(input, in: context, with: continuation)
  }
}

/// An operation wrapped in a modifier. It keeps the kind of the operation it wraps: a modified
/// query is a query, a modified mutation a mutation.
public struct ModifiedOperation<Operation: OperationRequest, Modifier: OperationModifier>:
  OperationRequest
where Modifier.Operation == Operation {
  public typealias Input = Operation.Input
  public typealias Value = Operation.Value
  public typealias Failure = Operation.Failure

  /// The wrapped operation.
  public let operation: Operation
  /// The modifier applied to it.
  public let modifier: Modifier

  init(operation: Operation, modifier: Modifier) {
    self.operation = operation
    self.modifier = modifier
  }

  public var path: OperationPath { operation.path }

  public func setup(context: inout OperationContext) {
    operation.setup(context: &context)
    modifier.setup(context: &context, using: operation)
  }

  @inlinable
  public func run(
    _ input: Input,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await modifier.run(input, in: context, using: operation, with: continuation)
  }
}

extension ModifiedOperation: QueryRequest where Operation: QueryRequest {
  @inlinable
  public func fetch(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await run((), in: context, with: continuation)
  }
}

extension ModifiedOperation: MutationRequest where Operation: MutationRequest {
  public typealias Arguments = Operation.Arguments

  public func mutate(
    with arguments: Arguments,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await run(arguments, in: context, with: continuation)
  }
}

extension ModifiedOperation: PaginatedRequest where Operation: PaginatedRequest {
  public typealias PageID = Operation.PageID
  public typealias PageValue = Operation.PageValue

  public var initialPageID: PageID { operation.initialPageID }

  public func pageID(
    after page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]
  ) -> PageID? {
    operation.pageID(after: page, in: pages)
  }

  public func pageID(
    before page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]
  ) -> PageID? {
    operation.pageID(before: page, in: pages)
  }

  /// Fetches one page with the wrapped operation; modifiers apply to whole runs, not here.
  public func fetchPage(
    _ id: PageID,
    in context: OperationContext,
    with continuation: OperationContinuation<PageValue, Failure>
  ) async throws(Failure) -> PageValue {
    try await operation.fetchPage(id, in: context, with: continuation)
  }
}

/// Anything that runs asynchronously with an input and a context and may publish intermediate
/// results.
///
/// You rarely conform to this protocol directly: a ``QueryRequest``, ``MutationRequest`` or
/// ``PaginatedRequest`` says which kind of state a store keeps for it, and ``Query``,
/// ``Mutation`` and ``PaginatedQuery`` make one from a closure. Modifiers such as
/// `.retry(limit:)` wrap `run(_:in:with:)`.
///
/// The input is what a store asks one run to do, typed: nothing (`Void`) for a query, the
/// arguments of a mutation, the page to fetch of a paginated query.
public protocol OperationRequest<Input, Value, Failure>: Sendable {
  /// What one run is asked to do.
  associatedtype Input: Sendable = Void
  /// What one run produces.
  associatedtype Value: Sendable
  /// What one run fails with.
  associatedtype Failure: Error

  /// The operation's identity; a client keeps one store per path.
  var path: OperationPath { get }

  /// Writes this operation's configuration into `context`; called when a store is created or
  /// reconfigured, and before every direct run. Modifiers override it; plain operations leave
  /// it empty.
  func setup(context: inout OperationContext)

  /// Runs the operation once with `input`.
  ///
  /// Cancellation is cooperative: a cancelled run should finish quickly. A store decides for
  /// itself whether a run was cancelled, so an operation may throw its own `Failure` then.
  func run(
    _ input: Input,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value
}

extension OperationRequest {
  public func setup(context: inout OperationContext) {}

  /// Wraps this operation in `modifier`.
  public func modifier<Modifier: OperationModifier>(
    _ modifier: Modifier
  ) -> ModifiedOperation<Self, Modifier> {
    ModifiedOperation(operation: self, modifier: modifier)
  }

  /// Runs the operation directly with `input`, without a store: modifiers apply, intermediate
  /// results are discarded.
  ///
  /// ```swift
  /// let post = try await Query(["post", 1]) { _ in try await api.post(1) }.retry(limit: 2).run()
  /// ```
  public func run(
    _ input: Input, in context: OperationContext = OperationContext()
  ) async throws(Failure) -> Value {
    var context = context
    context.storedPath = path
    setup(context: &context)
    return try await run(input, in: context, with: .direct())
  }
}

extension OperationRequest where Input == Void {
  /// Runs the operation directly, without a store: modifiers apply, intermediate results are
  /// discarded.
  public func run(in context: OperationContext = OperationContext()) async throws(Failure) -> Value
  {
    try await run((), in: context)
  }
}

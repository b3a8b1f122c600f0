/// An operation that changes something remote with arguments (create, update, delete); a store
/// keeps its ``MutationState``, the history of its attempts.
///
/// Conform by implementing `mutate(with:in:with:)`, or make one from a closure with
/// ``Mutation``.
public protocol MutationRequest<Arguments, Value, Failure>: OperationRequest {
  /// What each attempt is run with.
  associatedtype Arguments: Sendable

  /// Runs the mutation once with `arguments`.
  func mutate(
    with arguments: Arguments,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value
}

extension MutationRequest {
  public func run(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    guard let arguments = context.runInput as? Arguments else {
      preconditionFailure(
        "mutation \(path) run without arguments; use run(with:) or a store's mutate(with:)")
    }
    return try await mutate(with: arguments, in: context, with: continuation)
  }

  /// Runs the mutation directly, without a store, with `arguments`.
  public func run(
    with arguments: Arguments,
    in context: OperationContext = OperationContext()
  ) async throws(Failure) -> Value {
    var context = context
    context.runInput = arguments
    return try await run(in: context)
  }
}

extension MutationRequest where Arguments == Void {
  /// Runs the mutation directly, without a store.
  public func run(in context: OperationContext = OperationContext()) async throws(Failure) -> Value
  {
    try await run(with: (), in: context)
  }
}

/// A mutation made from a path and a closure.
///
/// ```swift
/// let createPost = Mutation(["posts", "add"]) { (draft: Draft, context) in
///   try await api.create(draft)
/// }
/// let post = try await client.store(for: createPost).mutate(with: draft)
/// ```
public struct Mutation<Arguments: Sendable, Value: Sendable, Failure: Error>: MutationRequest {
  public let path: OperationPath
  private let body:
    @Sendable (Arguments, OperationContext, OperationContinuation<Value, Failure>)
      async throws(Failure) -> Value

  /// A mutation that runs `mutate` with each attempt's arguments.
  public init(
    _ path: OperationPath,
    mutate: @escaping @Sendable (Arguments, OperationContext) async throws(Failure) -> Value
  ) {
    self.path = path
    self.body = { arguments, context, _ throws(Failure) in try await mutate(arguments, context) }
  }

  /// A mutation that runs `mutate`, which may yield intermediate results, with each attempt's
  /// arguments.
  public init(
    _ path: OperationPath,
    mutate:
      @escaping @Sendable (Arguments, OperationContext, OperationContinuation<Value, Failure>)
      async throws(Failure) -> Value
  ) {
    self.path = path
    self.body = mutate
  }

  public func mutate(
    with arguments: Arguments,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await body(arguments, context, continuation)
  }
}

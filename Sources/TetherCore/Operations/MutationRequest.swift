/// An operation that changes something remote with arguments (create, update, delete); a store
/// keeps its ``MutationState``, the history of its attempts.
///
/// Conform by implementing `mutate(with:in:with:)`, or make one from a closure with
/// ``Mutation``. The arguments are the run's typed input.
public protocol MutationRequest<Arguments, Value, Failure>: OperationRequest
where Input == Arguments {
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
  /// Runs the mutation with `arguments` through its `mutate(with:in:with:)`, as a store does.
  public func run(
    _ arguments: Arguments,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await mutate(with: arguments, in: context, with: continuation)
  }

  /// Runs the mutation directly, without a store, with `arguments`.
  public func run(
    with arguments: Arguments,
    in context: OperationContext = OperationContext()
  ) async throws(Failure) -> Value {
    try await run(arguments, in: context)
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
  public typealias Input = Arguments

  public let path: OperationPath
  let body: Body

  /// The closure a mutation was made with, kept as given.
  enum Body: Sendable {
    case plain(@Sendable (Arguments, OperationContext) async throws(Failure) -> Value)
    case continuing(
      @Sendable (Arguments, OperationContext, OperationContinuation<Value, Failure>)
        async throws(Failure) -> Value)
  }

  /// A mutation that runs `mutate` with each attempt's arguments.
  public init(
    _ path: OperationPath,
    mutate: @escaping @Sendable (Arguments, OperationContext) async throws(Failure) -> Value
  ) {
    self.path = path
    self.body = .plain(mutate)
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
    self.body = .continuing(mutate)
  }

  public func mutate(
    with arguments: Arguments,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    switch body {
    case .plain(let mutate): try await mutate(arguments, context)
    case .continuing(let mutate): try await mutate(arguments, context, continuation)
    }
  }
}

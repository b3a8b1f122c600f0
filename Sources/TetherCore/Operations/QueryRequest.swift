/// An operation that fetches one value; a store keeps its ``QueryState``.
///
/// Conform by implementing `fetch(in:with:)`, or make one from a closure with ``Query``.
public protocol QueryRequest<Value, Failure>: OperationRequest where Input == Void {
  /// Fetches the value once.
  func fetch(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value
}

extension QueryRequest {
  /// Runs the query through its `fetch(in:with:)`, as a store does.
  @inlinable
  public func run(
    _ input: Void,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await fetch(in: context, with: continuation)
  }
}

/// A query made from a path and a closure.
///
/// ```swift
/// let post = Query(["post", id]) { context in try await api.post(id) }
/// let store = client.store(for: post.retry(limit: 5))
/// ```
public struct Query<Value: Sendable, Failure: Error>: QueryRequest {
  public let path: OperationPath
  /// The closure a query was made with, kept as given (one of the two is set), so that making
  /// a query allocates nothing more.
  @usableFromInline
  let plainBody: (@Sendable (OperationContext) async throws(Failure) -> Value)?
  @usableFromInline
  let continuingBody:
    (
      @Sendable (OperationContext, OperationContinuation<Value, Failure>) async throws(Failure)
        -> Value
    )?

  /// A query that fetches with `fetch`.
  public init(
    _ path: OperationPath,
    fetch: @escaping @Sendable (OperationContext) async throws(Failure) -> Value
  ) {
    self.path = path
    self.plainBody = fetch
    self.continuingBody = nil
  }

  /// A query that fetches with `fetch`, which may yield intermediate results through the
  /// continuation before it returns.
  public init(
    _ path: OperationPath,
    fetch:
      @escaping @Sendable (OperationContext, OperationContinuation<Value, Failure>)
      async throws(Failure) -> Value
  ) {
    self.path = path
    self.plainBody = nil
    self.continuingBody = fetch
  }

  @inlinable
  public func fetch(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    if let plainBody { return try await plainBody(context) }
    return try await continuingBody!(context, continuation)
  }
}

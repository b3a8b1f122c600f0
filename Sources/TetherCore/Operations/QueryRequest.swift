/// An operation that fetches one value; a store keeps its ``QueryState``.
///
/// Conform by implementing `fetch(in:with:)`, or make one from a closure with ``Query``.
public protocol QueryRequest<Value, Failure>: OperationRequest {
  /// Fetches the value once.
  func fetch(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value
}

extension QueryRequest {
  public func run(
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
  private let body:
    @Sendable (OperationContext, OperationContinuation<Value, Failure>) async throws(Failure) ->
      Value

  /// A query that fetches with `fetch`.
  public init(
    _ path: OperationPath,
    fetch: @escaping @Sendable (OperationContext) async throws(Failure) -> Value
  ) {
    self.path = path
    self.body = { context, _ throws(Failure) in try await fetch(context) }
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
    self.body = fetch
  }

  public func fetch(
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    try await body(context, continuation)
  }
}

/// The channel through which a running operation reports before it returns: intermediate
/// values or errors (a cached value first, then a fresh one) and scheduled retries.
///
/// Every report updates the store's state and notifies its subscribers. When an operation runs
/// without a store, reports are discarded.
///
/// ```swift
/// Query(["post", id]) { context, continuation in
///   if let cached = cache[id] { continuation.yield(cached) }
///   return try await api.post(id)
/// }
/// ```
public struct OperationContinuation<Value: Sendable, Failure: Error>: Sendable {
  private let sink: (any OperationContinuationSink<Value, Failure>)?

  init(sink: (any OperationContinuationSink<Value, Failure>)?) {
    self.sink = sink
  }

  /// A continuation that discards every report, for running an operation without a store.
  public static var discarding: OperationContinuation { OperationContinuation(sink: nil) }

  /// Publishes an intermediate value.
  public func yield(_ value: Value) {
    sink?.receive(.success(value))
  }

  /// Publishes an intermediate error; the run goes on.
  public func yield(error: Failure) {
    sink?.receive(.failure(error))
  }

  /// Reports that an attempt failed and another one is scheduled, so the state can show it.
  public func reportRetry(_ progress: RetryProgress<Failure>) {
    sink?.receiveRetry(progress)
  }

  /// A continuation for a part of this run's value: `transform` turns each yielded part into a
  /// whole value. Retry reports pass through unchanged.
  public func map<Part: Sendable>(
    _ transform: @escaping @Sendable (Part) -> Value
  ) -> OperationContinuation<Part, Failure> {
    guard let sink else { return .discarding }
    return OperationContinuation<Part, Failure>(sink: MappedSink(base: sink, transform: transform))
  }
}

/// Where a continuation's reports go; implemented by a store's run.
protocol OperationContinuationSink<Value, Failure>: Sendable {
  associatedtype Value: Sendable
  associatedtype Failure: Error
  func receive(_ result: Result<Value, Failure>)
  func receiveRetry(_ progress: RetryProgress<Failure>)
}

private struct MappedSink<Part: Sendable, Value: Sendable, Failure: Error>:
  OperationContinuationSink
{
  let base: any OperationContinuationSink<Value, Failure>
  let transform: @Sendable (Part) -> Value

  func receive(_ result: Result<Part, Failure>) {
    base.receive(result.map(transform))
  }

  func receiveRetry(_ progress: RetryProgress<Failure>) {
    base.receiveRetry(progress)
  }
}

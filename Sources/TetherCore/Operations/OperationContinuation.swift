import TetherSynchronization

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
  let sink: (any OperationContinuationSink<Value, Failure>)?
  let run: OperationRunID

  /// A continuation that discards every report, for running an operation without a store.
  public static var discarding: OperationContinuation {
    OperationContinuation(sink: nil, run: OperationRunID(rawValue: 0))
  }

  /// A continuation for a direct run: reports are discarded, but what the run keeps across
  /// its attempts (the pages a refetch has fetched) is kept.
  static func direct() -> OperationContinuation {
    OperationContinuation(sink: DirectRunSink(), run: OperationRunID(rawValue: 0))
  }

  /// Publishes an intermediate value.
  public func yield(_ value: Value) {
    sink?.receive(.success(value), of: run)
  }

  /// Publishes an intermediate error; the run goes on.
  public func yield(error: Failure) {
    sink?.receive(.failure(error), of: run)
  }

  /// Reports that an attempt failed and another one is scheduled, so the state can show it.
  public func reportRetry(_ progress: RetryProgress<Failure>) {
    sink?.receiveRetry(progress, of: run)
  }

  /// Reports that the attempt a ``reportRetry(_:)`` scheduled is being sent now.
  func reportAttemptStart() {
    sink?.receiveAttemptStart(of: run)
  }

  /// Reports how far the run's transfer has come, so that the state shows it
  /// (``QueryState/transferProgress``) until the run ends. Report at most a few dozen times a
  /// second: each report notifies the store's subscribers.
  public func reportTransfer(_ progress: TransferProgress) {
    sink?.receiveTransfer(progress, of: run)
  }

  /// Reports that the run waits (for the network, for its mutation scope) without spending an
  /// attempt.
  func reportPause(_ reason: PauseReason) {
    sink?.receivePause(reason, of: run)
  }

  /// Reports that a paused run goes on.
  func reportResume() {
    sink?.receiveResume(of: run)
  }

  /// What the run has kept across its attempts with ``saveProgress(_:)``: where a retry
  /// resumes (the pages a refetch has fetched, the last event of a stream). A new run starts
  /// with nothing.
  public func progress<Progress>(as type: Progress.Type) -> Progress? {
    sink?.progress(of: run) as? Progress
  }

  /// Keeps `progress` for the run's next attempts, which read it with ``progress(as:)``.
  public func saveProgress(_ progress: some Sendable) {
    sink?.saveProgress(progress, of: run)
  }

  /// A continuation for a part of this run's value: `transform` turns each yielded part into a
  /// whole value. Retry, pause and progress reports pass through unchanged.
  public func map<Part: Sendable>(
    _ transform: @escaping @Sendable (Part) -> Value
  ) -> OperationContinuation<Part, Failure> {
    guard let sink else { return .discarding }
    return OperationContinuation<Part, Failure>(
      sink: MappedSink(base: sink, transform: transform), run: run)
  }
}

/// Where a continuation's reports go; implemented by a store.
protocol OperationContinuationSink<Value, Failure>: Sendable {
  associatedtype Value: Sendable
  associatedtype Failure: Error
  func receive(_ result: Result<Value, Failure>, of run: OperationRunID)
  func receiveRetry(_ progress: RetryProgress<Failure>, of run: OperationRunID)
  func receiveAttemptStart(of run: OperationRunID)
  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID)
  func receivePause(_ reason: PauseReason, of run: OperationRunID)
  func receiveResume(of run: OperationRunID)
  func progress(of run: OperationRunID) -> (any Sendable)?
  func saveProgress(_ progress: any Sendable, of run: OperationRunID)
}

private struct MappedSink<Part: Sendable, Value: Sendable, Failure: Error>:
  OperationContinuationSink
{
  let base: any OperationContinuationSink<Value, Failure>
  let transform: @Sendable (Part) -> Value

  func receive(_ result: Result<Part, Failure>, of run: OperationRunID) {
    base.receive(result.map(transform), of: run)
  }

  func receiveRetry(_ progress: RetryProgress<Failure>, of run: OperationRunID) {
    base.receiveRetry(progress, of: run)
  }

  func receiveAttemptStart(of run: OperationRunID) {
    base.receiveAttemptStart(of: run)
  }

  func receivePause(_ reason: PauseReason, of run: OperationRunID) {
    base.receivePause(reason, of: run)
  }

  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    base.receiveTransfer(progress, of: run)
  }

  func receiveResume(of run: OperationRunID) {
    base.receiveResume(of: run)
  }

  func progress(of run: OperationRunID) -> (any Sendable)? {
    base.progress(of: run)
  }

  func saveProgress(_ progress: any Sendable, of run: OperationRunID) {
    base.saveProgress(progress, of: run)
  }
}

/// The sink of a direct run: it only keeps the run's progress.
private final class DirectRunSink<Value: Sendable, Failure: Error>: OperationContinuationSink {
  private let stored = SanitizerVisibleMutex<(any Sendable)?>(nil)

  func receive(_ result: Result<Value, Failure>, of run: OperationRunID) {}
  func receiveRetry(_ progress: RetryProgress<Failure>, of run: OperationRunID) {}
  func receiveAttemptStart(of run: OperationRunID) {}
  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID) {}
  func receivePause(_ reason: PauseReason, of run: OperationRunID) {}
  func receiveResume(of run: OperationRunID) {}
  func progress(of run: OperationRunID) -> (any Sendable)? { stored.withLock { $0 } }
  func saveProgress(_ progress: any Sendable, of run: OperationRunID) {
    stored.withLock { $0 = progress }
  }
}

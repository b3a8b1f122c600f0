/// Retries a failed run up to `limit` times, waiting `backoff` between attempts, and reports
/// each scheduled retry to the state.
///
/// Whether a failure is retried is decided by the `when` closure, or by the failure itself when
/// it conforms to ``RetryableFailure``; cancellation is never retried, and cancelling the run
/// stops its retries. When retry modifiers are nested, the outermost one governs.
public struct RetryModifier<Operation: OperationRequest>: OperationModifier {
  /// How many retries after the first attempt.
  public let limit: Int
  /// The delay before each retry.
  public let backoff: Backoff
  private let decide: @Sendable (Operation.Failure) -> RetryDecision

  init(
    limit: Int, backoff: Backoff,
    decide: (@Sendable (Operation.Failure) -> RetryDecision)?
  ) {
    self.limit = max(0, limit)
    self.backoff = backoff
    self.decide = decide ?? Self.decision(for:)
  }

  public func setup(context: inout OperationContext, using operation: Operation) {
    context.retryLimit = limit
  }

  public func run(
    in context: OperationContext,
    using operation: Operation,
    with continuation: OperationContinuation<Operation.Value, Operation.Failure>
  ) async throws(Operation.Failure) -> Operation.Value {
    guard !context.isRetryHandled else {
      return try await operation.run(in: context, with: continuation)
    }
    var context = context
    context.isRetryHandled = true
    var failedAttempts = 0
    while true {
      context.retryAttempt = failedAttempts
      let failure: Operation.Failure
      do throws(Operation.Failure) {
        return try await operation.run(in: context, with: continuation)
      } catch {
        failure = error
      }
      guard failedAttempts < limit, !Task.isCancelled else { throw failure }
      let delay: Duration
      switch decide(failure) {
      case .doNotRetry: throw failure
      case .retry: delay = backoff.delay(beforeRetry: failedAttempts + 1)
      case .retryAfter(let requested): delay = max(.zero, requested)
      }
      failedAttempts += 1
      let nextAttemptDate = context.clock.now().adding(delay)
      continuation.reportRetry(
        RetryProgress(
          failedAttempts: failedAttempts, retryLimit: limit, lastFailure: failure,
          nextAttemptDate: nextAttemptDate))
      do {
        try await context.clock.sleep(until: nextAttemptDate)
      } catch {
        throw failure
      }
    }
  }

  /// The default decision: ask a ``RetryableFailure``, never retry cancellation, retry the rest.
  static func decision(for failure: Operation.Failure) -> RetryDecision {
    if failure is CancellationError { return .doNotRetry }
    return (failure as? any RetryableFailure)?.retryDecision ?? .retry
  }
}

extension OperationRequest {
  /// Retries a failed run up to `limit` times, waiting `backoff` before each retry (exponential
  /// from 1 s, capped at 30 s, by default).
  ///
  /// ```swift
  /// query.retry(limit: 3)
  /// query.retry(limit: 5, backoff: .constant(.milliseconds(500))) { error in
  ///   error.isTransient ? .retry : .doNotRetry
  /// }
  /// ```
  ///
  /// - Parameter decide: whether to retry a failure; by default a ``RetryableFailure`` decides
  ///   for itself and other failures are retried.
  public func retry(
    limit: Int,
    backoff: Backoff = .default,
    when decide: (@Sendable (Failure) -> RetryDecision)? = nil
  ) -> ModifiedOperation<Self, RetryModifier<Self>> {
    modifier(RetryModifier(limit: limit, backoff: backoff, decide: decide))
  }
}

private enum RetryLimitKey: OperationContextKey {
  static let defaultValue: Int? = nil
}

private enum RetryHandledKey: OperationContextKey {
  static let defaultValue = false
}

extension OperationContext {
  /// The retry limit of the operation's retry modifier, or nil when it has none.
  public internal(set) var retryLimit: Int? {
    get { self[RetryLimitKey.self] }
    set { self[RetryLimitKey.self] = newValue }
  }

  /// Set while an outer retry modifier runs, so that inner ones do not multiply attempts.
  var isRetryHandled: Bool {
    get { self[RetryHandledKey.self] }
    set { self[RetryHandledKey.self] = newValue }
  }
}

/// Retries a failed run up to `limit` times, waiting `backoff` between attempts, and reports
/// each scheduled retry to the state.
///
/// Whether a failure is retried is decided by the `when` closure, or by the failure itself when
/// it conforms to ``RetryableFailure``; cancellation is never retried, and cancelling the run
/// stops its retries. When retry modifiers are nested, the outermost one governs. A failure
/// whose attempt made progress (``RetryableFailure/restartsBackoff``, a stream that
/// delivered events) starts the backoff and the limit over: it is the first of a new series.
///
/// A retry that comes due while the network is unreachable waits for it, spending no attempt
/// (unless the operation's network mode is `.always`): the state shows
/// `fetchStatus == .paused` until the connection returns. Likewise, a retry that comes due
/// while the application is unfocused (``OperationContext/focus``, when the client has one)
/// waits until it is focused again, as TanStack's retryer does; `retriesWhileUnfocused()` turns
/// that off for one operation.
public struct RetryModifier<Operation: OperationRequest>: OperationModifier {
  /// How many retries after the first attempt.
  public let limit: Int
  /// The delay before each retry.
  public let backoff: Backoff
  let decide: (@Sendable (Operation.Failure) -> RetryDecision)?

  init(
    limit: Int, backoff: Backoff,
    decide: (@Sendable (Operation.Failure) -> RetryDecision)?
  ) {
    self.limit = max(0, limit)
    self.backoff = backoff
    self.decide = decide
  }

  public func setup(context: inout OperationContext, using operation: Operation) {
    context.options.retryLimit = limit
  }

  @inlinable
  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: OperationContinuation<Operation.Value, Operation.Failure>
  ) async throws(Operation.Failure) -> Operation.Value {
    var context = context
    guard context.claimRetries() else {
      return try await operation.run(input, in: context, with: continuation)
    }
    // The failures since the last attempt that made progress: what the backoff and the limit
    // count. The attempts keep their numbers in the context (`retryAttempt`).
    var failuresInARow = context.retryAttempt
    while true {
      let failure: Operation.Failure
      do throws(Operation.Failure) {
        return try await operation.run(input, in: context, with: continuation)
      } catch {
        failure = error
      }
      try await waitBeforeRetry(
        after: failure, failuresInARow: &failuresInARow, in: &context, with: continuation)
    }
  }

  /// Throws `failure` when it is final; otherwise counts it, waits for the backoff (and for
  /// the network) and returns for the next attempt, whose number `context` then carries.
  /// `failuresInARow` counts since the last attempt that made progress: the backoff and the
  /// limit read it.
  @usableFromInline
  func waitBeforeRetry(
    after failure: Operation.Failure, failuresInARow: inout Int,
    in context: inout OperationContext,
    with continuation: OperationContinuation<Operation.Value, Operation.Failure>
  ) async throws(Operation.Failure) {
    let failedAttempts = context.storedRetryAttempt + 1
    failuresInARow = Self.restartsBackoff(failure) ? 1 : failuresInARow + 1
    guard failuresInARow <= limit, !Task.isCancelled else { throw failure }
    let delay: Duration
    switch decide?(failure) ?? Self.decision(for: failure) {
    case .doNotRetry: throw failure
    case .retry: delay = backoff.delay(beforeRetry: failuresInARow)
    case .retryAfter(let requested): delay = max(.zero, requested)
    }
    let nextAttemptDate = context.clock.now().adding(delay)
    continuation.reportRetry(
      RetryProgress(
        failedAttempts: failedAttempts, retryLimit: limit + failedAttempts - failuresInARow,
        lastFailure: failure,
        nextAttemptDate: nextAttemptDate,
        failedAttemptsBeforeSeries: failedAttempts - failuresInARow))
    do {
      try await context.clock.sleep(until: nextAttemptDate)
    } catch {
      throw failure
    }
    // Network and focus, until both hold at once: focus may return while the network is
    // gone, and the other way round.
    while true {
      if !context.canRetry {
        continuation.reportPause(.offline)
        guard await context.connectivity.waitUntilSatisfied(in: context) else { throw failure }
        continuation.reportResume()
      } else if let focus = context.lostFocus {
        continuation.reportPause(.unfocused)
        guard await focus.waitUntilSatisfied(in: context) else { throw failure }
        continuation.reportResume()
      } else {
        break
      }
    }
    continuation.reportAttemptStart()
    context.storedRetryAttempt = failedAttempts
  }

  /// Whether `failure` starts the backoff and the limit over (see
  /// ``RetryableFailure/restartsBackoff``).
  static func restartsBackoff(_ failure: Operation.Failure) -> Bool {
    (failure as? any RetryableFailure)?.restartsBackoff ?? false
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
  /// - Parameters:
  ///   - limit: how many retries after the first attempt.
  ///   - backoff: how long to wait before each retry; 1 s, 2 s, 4 s … by default.
  ///   - decide: whether to retry a failure; by default a ``RetryableFailure`` decides for
  ///     itself and other failures are retried.
  public func retry(
    limit: Int,
    backoff: Backoff = .default,
    when decide: (@Sendable (Failure) -> RetryDecision)? = nil
  ) -> ModifiedOperation<Self, RetryModifier<Self>> {
    modifier(RetryModifier(limit: limit, backoff: backoff, decide: decide))
  }
}

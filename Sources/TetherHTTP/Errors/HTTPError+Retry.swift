import TetherCore

/// The HTTP retry policy, applied wherever the core's retry modifier meets an `HTTPError`.
///
/// Retried: transport failures, timeouts, 408, 429 and 5xx. A 429 or 503 with `Retry-After`
/// waits exactly that long. Not retried: other 4xx (the request is wrong and stays wrong),
/// decoding failures, responses and stream events over their size caps (the same body will fail again), invalid
/// requests and cancellation. A stream interrupted (``StreamInterruption``) reconnects after the
/// delay its server asked for, and after one that delivered events the backoff and the retry
/// limit start over.
extension HTTPError: RetryableFailure {
  public var retryDecision: RetryDecision {
    switch self {
    case .transportFailed, .timedOut:
      return .retry
    case .unacceptableStatus(let failure):
      switch failure.statusCode {
      case 429, 503:
        return failure.retryAfter.map { .retryAfter(max($0, .zero)) } ?? .retry
      case 408, 500...599:
        return .retry
      default:
        return .doNotRetry
      }
    case .streamInterrupted(let interruption):
      return interruption.retryDecision
    case .invalidRequest, .decodingFailed, .responseTooLarge, .eventTooLarge, .cancelled:
      return .doNotRetry
    }
  }

  /// True for a stream that delivered events before it stopped
  /// (``StreamInterruption/receivedEvents``): the backoff and the retry limit start over.
  public var restartsBackoff: Bool {
    guard case .streamInterrupted(let interruption) = self else { return false }
    return interruption.receivedEvents
  }
}

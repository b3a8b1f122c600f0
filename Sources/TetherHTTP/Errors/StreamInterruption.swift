import TetherCore

/// Why a streamed query's connection stopped and when it may reconnect: the server ended the
/// stream (``cause`` is nil), or a failure after which the server's `retry:` field sets the
/// delay (see ``HTTPError/streamInterrupted(_:)``).
public struct StreamInterruption: Sendable, CustomStringConvertible {
  /// What stopped the stream; nil when the server ended it cleanly.
  public var cause: HTTPError?
  /// The delay before reconnecting that the server asked for with its latest `retry:` field,
  /// within the endpoint's ``StreamEndpoint/reconnectionDelayLimits``; nil when it asked
  /// none, and the retry policy's backoff applies.
  public var reconnectionDelay: Duration?

  /// A stream stopped by `cause` (nil: ended by the server), to be reopened after
  /// `reconnectionDelay` (nil: after the retry policy's backoff).
  public init(cause: HTTPError?, reconnectionDelay: Duration?) {
    self.cause = cause
    self.reconnectionDelay = reconnectionDelay
  }

  public var description: String {
    cause?.description ?? "The server ended the stream."
  }

  /// Reconnect after a clean end, or after a failure the cause would retry: after the server's
  /// delay when it gave one. A `Retry-After` the cause carries wins, and a final cause stays
  /// final.
  var retryDecision: RetryDecision {
    switch cause?.retryDecision ?? .retry {
    case .doNotRetry: .doNotRetry
    case .retryAfter(let delay): .retryAfter(delay)
    case .retry: reconnectionDelay.map { .retryAfter($0) } ?? .retry
    }
  }
}

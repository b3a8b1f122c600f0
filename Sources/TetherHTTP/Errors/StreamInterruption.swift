import TetherCore

/// Why a streamed query's connection stopped and when it may reconnect: the server ended the
/// stream (``cause`` is nil), or a failure after the connection delivered events or after the
/// server's `retry:` field set the delay (see ``HTTPError/streamInterrupted(_:)``).
public struct StreamInterruption: Sendable, CustomStringConvertible {
  /// What stopped the stream; nil when the server ended it cleanly.
  public var cause: HTTPError?
  /// The delay before reconnecting that the server asked for with its latest `retry:` field,
  /// within the endpoint's ``StreamEndpoint/reconnectionDelayLimits``; nil when it asked
  /// none, and the retry policy's backoff applies.
  public var reconnectionDelay: Duration?
  /// Whether the connection delivered events before it stopped: the retry policy then starts
  /// its backoff and limit over (``HTTPError/restartsBackoff``), so a stream that
  /// works and ends now and then reconnects after the first delay every time, as
  /// `EventSource` does, instead of backing off further and running out of retries.
  public var receivedEvents: Bool

  /// A stream stopped by `cause` (nil: ended by the server), to be reopened after
  /// `reconnectionDelay` (nil: after the retry policy's backoff); `receivedEvents` when the
  /// connection delivered events first.
  public init(cause: HTTPError?, reconnectionDelay: Duration?, receivedEvents: Bool = false) {
    self.cause = cause
    self.reconnectionDelay = reconnectionDelay
    self.receivedEvents = receivedEvents
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

/// What a transport must enforce for one request: how long to wait for a connection and for
/// each byte, and how large a response body may grow while it is received.
///
/// The client computes them from the endpoint and its defaults. A transport that meets a limit
/// throws `URLError(.timedOut)` for a timeout and ``HTTPError/responseTooLarge(limit:)`` for a
/// body over ``maximumResponseSize`` — as soon as it knows (a Content-Length over the limit is
/// refused before the body arrives).
public struct TransportLimits: Sendable, Hashable {
  /// The longest wait for the connection (TCP and TLS).
  public var connectTimeout: Duration
  /// The longest silence once the request is under way.
  public var idleTimeout: Duration
  /// The largest response body accepted, in bytes (after content decoding).
  public var maximumResponseSize: Int

  /// The limits a transport applies to one request; nil is no limit of that kind.
  public init(
    connectTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30),
    maximumResponseSize: Int = 32 << 20
  ) {
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.maximumResponseSize = maximumResponseSize
  }

  /// The limits of a request sent with `timeouts` and `maximumResponseSize`.
  public init(_ timeouts: HTTPTimeouts, maximumResponseSize: Int) {
    self.init(
      connectTimeout: timeouts.connect, idleTimeout: timeouts.idle,
      maximumResponseSize: maximumResponseSize)
  }
}

extension PostsServer {
  /// How to start a server. Every property has a default that suits tests and the app: a free
  /// port on 127.0.0.1, no faults, no logging.
  ///
  ///     let configuration = PostsServer.Configuration(
  ///       port: 0, faults: FaultSettings(failureRate: 0.3), seed: 7,
  ///       requestLog: { entry in print(entry) })
  public struct Configuration: Sendable {
    /// The IPv4 address to bind; `127.0.0.1` keeps the server private to this machine.
    public var host: String
    /// The port to bind; 0 lets the system choose a free one (read it from `PostsServer.port`).
    public var port: Int
    /// The faults to inject from the start.
    public var faults: FaultSettings
    /// Seeds fault injection; the same seed and requests give the same faults. (The data is
    /// always the same.)
    public var seed: UInt64
    /// A connection that sends nothing for this long is closed (with 408 when it was in the
    /// middle of a request).
    public var idleTimeout: Duration
    /// More simultaneous connections than this are answered with 503 and closed.
    public var maximumConnections: Int
    /// Called once per request, on a server thread, after the response is sent. The server
    /// itself never prints; `posts-server` prints these lines.
    public var requestLog: (@Sendable (RequestLogEntry) -> Void)?

    public init(
      host: String = "127.0.0.1", port: Int = 0, faults: FaultSettings = .none, seed: UInt64 = 1,
      idleTimeout: Duration = .seconds(10), maximumConnections: Int = 1024,
      requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) {
      self.host = host
      self.port = port
      self.faults = faults
      self.seed = seed
      self.idleTimeout = idleTimeout
      self.maximumConnections = maximumConnections
      self.requestLog = requestLog
    }
  }
}

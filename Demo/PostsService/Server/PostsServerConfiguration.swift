import TetherDiagnostics

extension PostsServer {
  /// How to start a server. Every property has a default that suits tests and the app: a free
  /// port on 127.0.0.1, the sample data, stored writes, no faults, no logging.
  ///
  ///     let configuration = PostsServer.Configuration(
  ///       port: 0, faults: FaultPlan(failureRate: 0.3), seed: 7,
  ///       requestLog: { entry in print(entry) })
  ///
  /// The limits keep one client from costing the server much: memory is bounded by roughly
  /// 20 KiB per connection plus `maximumBufferedBytes` plus the created records, threads by the
  /// number of cores (at most 8 event loops), and each phase of a request by a deadline.
  public struct Configuration: Sendable {
    /// The IPv4 address to bind; `127.0.0.1` keeps the server private to this machine.
    public var host: String
    /// The port to bind; 0 lets the system choose a free one (read it from `PostsServer.port`).
    public var port: Int
    /// The faults to inject from the start.
    public var faults: FaultPlan
    /// Seeds fault injection; the same seed and requests give the same faults. (The sample data
    /// is always the same.)
    public var seed: UInt64
    /// The posts, users and comments to serve: the sample, or a copy of dummyjson's data.
    public var data: PostsData
    /// Whether writes change the data (`.stored`) or are answered as dummyjson does.
    public var writes: WriteMode
    /// A connection that sends no byte of a (next) request for this long is closed, from the
    /// start or after a response; a response the client stops reading for this long is
    /// abandoned.
    public var idleTimeout: Duration
    /// From the first byte of a request (a blank line counts), its request line and headers
    /// must arrive within this, or the answer is 408: like nginx's `client_header_timeout`,
    /// the deadline does not move as bytes trickle in, so a client sending one byte every few
    /// seconds cannot hold a connection.
    public var headerTimeout: Duration
    /// From the end of the head, the whole body must arrive within this (408 otherwise).
    public var bodyTimeout: Duration
    /// More simultaneous connections than this are answered 503 (with `Retry-After: 1`) at
    /// once; the server then reads what they send before closing, so that they can read the
    /// answer. A few more are kept for `/_faults` alone, so that faults can always be turned
    /// off. The server raises the process's descriptor limit as far as needed and allowed.
    public var maximumConnections: Int
    /// Posts, and separately comments, created through the API that are kept; one more drops
    /// the oldest created (the starting data is never dropped).
    public var maximumCreated: Int
    /// Request bodies and large responses the server holds at once, in bytes; beyond this a
    /// request is answered 503 with `Retry-After: 1`.
    public var maximumBufferedBytes: Int
    /// Called once per request, on a server thread, after the response is sent. The server
    /// itself never prints; `posts-server` prints these lines.
    public var requestLog: (@Sendable (RequestLogEntry) -> Void)?
    /// Who is answered: anyone who can connect (`.open`, the default), only requests carrying
    /// a token, or (`.privateToThisProcess()`) only the process's own client.
    public var access: Access

    public init(
      host: String = "127.0.0.1", port: Int = 0, faults: FaultPlan = .none, seed: UInt64 = 1,
      data: PostsData = .sample, writes: WriteMode = .stored,
      idleTimeout: Duration = .seconds(10), headerTimeout: Duration = .seconds(10),
      bodyTimeout: Duration = .seconds(30), maximumConnections: Int = 4096,
      maximumCreated: Int = 1000, maximumBufferedBytes: Int = 256 << 20,
      requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil, access: Access = .open
    ) {
      self.host = host
      self.port = port
      self.faults = faults
      self.seed = seed
      self.data = data
      self.writes = writes
      self.idleTimeout = idleTimeout
      self.headerTimeout = headerTimeout
      self.bodyTimeout = bodyTimeout
      self.maximumConnections = maximumConnections
      self.maximumCreated = maximumCreated
      self.maximumBufferedBytes = maximumBufferedBytes
      self.requestLog = requestLog
      self.access = access
    }
  }
}

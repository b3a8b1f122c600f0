import Foundation
import PostsService
import TetherCore
import TetherHTTP

extension PostsModel {
  /// How to reach the Posts API and what to do with it.
  public struct Configuration: Sendable {
    public var baseURL: URL
    public var transport: any HTTPTransport
    /// Connect, idle and total timeouts of every request: a person is waiting, so seconds,
    /// not a background client's minute (TetherHTTP's interactive timeouts by default).
    public var timeouts: HTTPTimeouts
    public var clock: any TetherClock
    public var pageSize: Int
    /// Retries of a failed query run.
    public var retries: Int
    /// The embedded service, whose faults the browser may change; nil for a remote server.
    public var server: PostsServer?
    /// Whether the server keeps writes (the embedded service does; dummyjson only pretends),
    /// so that refetching after a write shows it.
    public var persistsWrites: Bool
    /// Receives one line per request sent and per response, credentials redacted.
    public var log: (@Sendable (String) -> Void)?
    /// Whether the network is reachable; nil for the default: always for the embedded service
    /// (it is on the loopback interface), the kernel's view for a remote server.
    public var connectivity: (any RunCondition)?
    /// Sent with every request (`Authorization`); nil sends the embedded service's token when
    /// it has one, and nothing to another server.
    public var credential: AuthenticationInterceptor.Credential?
    /// More observers of every request: an inspector's network log (`--no-inspect` leaves it
    /// out).
    public var observers: [any HTTPObserver] = []
    /// Whether the browser follows the service's change stream (``PostsAPI/changes``) to mark
    /// posts changed elsewhere: `posts` does; off by default, so that a model in a test sends
    /// only the requests it is asked to.
    public var followsChanges = false

    public init(
      baseURL: URL, transport: any HTTPTransport = CurlTransport.shared,
      timeouts: HTTPTimeouts = .interactive, clock: any TetherClock = SystemClock(),
      pageSize: Int = 10, retries: Int = 3, server: PostsServer? = nil, persistsWrites: Bool,
      log: (@Sendable (String) -> Void)? = nil, connectivity: (any RunCondition)? = nil,
      credential: AuthenticationInterceptor.Credential? = nil
    ) {
      self.baseURL = baseURL
      self.transport = transport
      self.timeouts = timeouts
      self.clock = clock
      self.pageSize = pageSize
      self.retries = retries
      self.server = server
      self.persistsWrites = persistsWrites
      self.log = log
      self.connectivity = connectivity
      self.credential = credential ?? server?.access.token.map { .bearer($0) }
    }
  }

  /// The client of every store: the configuration's clock, connectivity and retries. With a
  /// cache, unobserved stores are kept as long as the cache keeps them (a day, as TanStack
  /// Query advises: collecting a store deletes it from the cache too).
  static func makeClient(for configuration: Configuration, caching: Bool = false)
    -> (OperationClient, ServerReachability?)
  {
    var defaults = OperationDefaults()
    defaults.queryRetryLimit = configuration.retries
    if caching { defaults.garbageCollectionDelay = PostsCache.maxAge }
    var reachability: ServerReachability?
    let connectivity: any RunCondition
    if let given = configuration.connectivity {
      connectivity = given
    } else if configuration.server != nil {
      connectivity = ManualCondition(true)  // the embedded service, on the loopback interface
    } else {
      let server = ServerReachability()
      reachability = server
      connectivity = NetworkConnectivity.shared && server
    }
    // The terminal's focus: set from its focus events; retries wait while it is lost.
    let client = OperationClient(
      clock: configuration.clock, connectivity: connectivity, focus: ManualCondition(true),
      defaults: defaults)
    return (client, reachability)
  }
}

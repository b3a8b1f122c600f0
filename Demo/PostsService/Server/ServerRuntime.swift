import Foundation
import Synchronization

/// Everything the server's event loops share: the listener, the stop signal, the API and its
/// data, fault injection, the connection and buffer limits, and the request counter.
final class ServerRuntime: Sendable {
  let port: Int
  let idleTimeout: Duration
  let headerTimeout: Duration
  let bodyTimeout: Duration
  let stop: StopSignal
  let faults: FaultController
  let lifecycle: ServerLifecycle
  let listener: Listener
  let api: PostsAPI
  let buffers: ByteBudget
  let requestLog: (@Sendable (RequestLogEntry) -> Void)?
  let access: AccessCheck
  private let maximumConnections: Int
  /// Connections being turned away or lingering before their close, at once; beyond this new
  /// ones are closed unanswered and finished ones closed without lingering.
  private let maximumLingering: Int
  private let loopCount: Int
  /// Connections over `maximumConnections` that are read anyway, to answer `/_faults` (and
  /// 503 to anything else): faults can always be turned off, even at the limit.
  static let reservedConnections = 4
  private let connectionCount = Atomic<Int>(0)
  private let reservedCount = Atomic<Int>(0)
  private let lingeringCount = Atomic<Int>(0)
  private let requestCount = Atomic<Int>(0)

  init(_ configuration: PostsServer.Configuration) throws(PostsServerError) {
    do {
      try configuration.faults.validateForService()
    } catch {
      throw PostsServerError("invalid faults: \(error)")
    }
    for (name, duration) in [
      ("idleTimeout", configuration.idleTimeout), ("headerTimeout", configuration.headerTimeout),
      ("bodyTimeout", configuration.bodyTimeout),
    ] where duration <= .zero {
      throw PostsServerError("\(name) must be longer than 0")
    }
    guard configuration.maximumConnections > 0, configuration.maximumCreated > 0,
      configuration.maximumBufferedBytes > 0
    else {
      throw PostsServerError(
        "maximumConnections, maximumCreated and maximumBufferedBytes must be positive")
    }
    maximumConnections = configuration.maximumConnections
    maximumLingering = max(64, configuration.maximumConnections / 4)
    DescriptorLimit.raise(
      toAtLeast: maximumConnections + Self.reservedConnections + maximumLingering + 64)
    let stop = try StopSignal()
    do {
      listener = try Listener(host: configuration.host, port: configuration.port)
    } catch {
      stop.close()
      throw error
    }
    self.stop = stop
    port = listener.port
    idleTimeout = configuration.idleTimeout
    headerTimeout = configuration.headerTimeout
    bodyTimeout = configuration.bodyTimeout
    faults = FaultController(plan: configuration.faults, seed: configuration.seed)
    api = PostsAPI(
      store: DataStore(configuration.data, maximumCreated: configuration.maximumCreated),
      writes: configuration.writes, faults: faults)
    buffers = ByteBudget(limit: configuration.maximumBufferedBytes)
    requestLog = configuration.requestLog
    access = AccessCheck(configuration.access, host: configuration.host, port: listener.port)
    loopCount = max(2, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    let listener = listener
    lifecycle = ServerLifecycle(loops: loopCount) {
      listener.close()
      stop.close()
    }
  }

  /// Starts the event loops.
  func start() throws(PostsServerError) {
    for started in 0..<loopCount {
      let epoll: Epoll
      do {
        epoll = try Epoll()
      } catch {
        abandon(loopsNotStarted: loopCount - started)
        throw error
      }
      let didStart = DetachedThread.start(named: "posts-loop-\(started)") {
        EventLoop(runtime: self, epoll: epoll).run()
        self.lifecycle.loopFinished()
      }
      guard didStart else {
        epoll.close()
        abandon(loopsNotStarted: loopCount - started)
        throw PostsServerError("cannot start the server's threads")
      }
    }
  }

  /// Stops the loops already running after a failed start.
  private func abandon(loopsNotStarted count: Int) {
    stop.fire()
    lifecycle.beginStopping()
    for _ in 0..<count { lifecycle.loopFinished() }
  }

  /// Takes one of the `maximumConnections` places; `false` when none is free.
  func openConnection() -> Bool {
    if connectionCount.add(1, ordering: .relaxed).newValue <= maximumConnections { return true }
    connectionCount.subtract(1, ordering: .relaxed)
    return false
  }

  /// How many of the `maximumConnections` places are taken.
  var openConnections: Int { connectionCount.load(ordering: .relaxed) }

  func closeConnection() {
    connectionCount.subtract(1, ordering: .relaxed)
  }

  /// Takes one of the places kept for `/_faults`; `false` when none is free.
  func openReserved() -> Bool {
    if reservedCount.add(1, ordering: .relaxed).newValue <= Self.reservedConnections { return true }
    reservedCount.subtract(1, ordering: .relaxed)
    return false
  }

  func closeReserved() {
    reservedCount.subtract(1, ordering: .relaxed)
  }

  /// Counts a connection being turned away or lingering; `false` when too many are already.
  func beginLingering() -> Bool {
    if lingeringCount.add(1, ordering: .relaxed).newValue <= maximumLingering { return true }
    lingeringCount.subtract(1, ordering: .relaxed)
    return false
  }

  func endLingering() {
    lingeringCount.subtract(1, ordering: .relaxed)
  }

  /// The client's `X-Request-Id` when it sent a reasonable one, else a new `req-N`.
  func requestID(for request: HTTPRequest) -> String {
    if let sent = request.header("x-request-id"), (1...128).contains(sent.utf8.count),
      sent.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    {
      return sent
    }
    return nextRequestID()
  }

  func nextRequestID() -> String {
    "req-\(requestCount.add(1, ordering: .relaxed).newValue)"
  }
}

/// A shared allowance of bytes (request bodies and large responses held in memory), taken and
/// given back by any thread.
final class ByteBudget: Sendable {
  let limit: Int
  private let used = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  /// Takes `count` bytes; `false`, taking nothing, when that would pass the limit.
  func reserve(_ count: Int) -> Bool {
    var current = used.load(ordering: .relaxed)
    while true {
      guard current + count <= limit else { return false }
      let (exchanged, original) = used.compareExchange(
        expected: current, desired: current + count, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
  }

  func release(_ count: Int) {
    if count > 0 { used.subtract(count, ordering: .relaxed) }
  }
}

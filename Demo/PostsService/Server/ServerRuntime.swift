import Glibc
import Synchronization

/// Everything a running server shares between its threads: the listener, the stop signal, the
/// API and its data, fault injection, and the request counter.
final class ServerRuntime: Sendable {
  let port: Int
  let idleTimeout: Duration
  let stop: StopSignal
  let faults: FaultController
  let lifecycle: ServerLifecycle
  private let listener: Listener
  private let api: PostsAPI
  private let requestLog: (@Sendable (RequestLogEntry) -> Void)?
  private let requestCount = Atomic<Int>(0)

  init(_ configuration: PostsServer.Configuration) throws(PostsServerError) {
    do {
      try configuration.faults.validate()
    } catch {
      throw PostsServerError("invalid faults: \(error)")
    }
    guard configuration.idleTimeout > .zero, configuration.maximumConnections > 0 else {
      throw PostsServerError("idleTimeout and maximumConnections must be positive")
    }
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
    faults = FaultController(settings: configuration.faults, seed: configuration.seed)
    api = PostsAPI(store: PostStore(), faults: faults)
    requestLog = configuration.requestLog
    lifecycle = ServerLifecycle(maximumConnections: configuration.maximumConnections) {
      stop.close()
    }
  }

  /// Starts the acceptor thread.
  func start() throws(PostsServerError) {
    guard DetachedThread.start({ self.acceptConnections() }) else {
      listener.close()
      stop.close()
      throw PostsServerError("cannot start the acceptor thread")
    }
  }

  private func acceptConnections() {
    defer {
      listener.close()
      lifecycle.acceptorFinished()
    }
    var descriptors = [
      pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    while Poll.wait(&descriptors, until: nil), !stop.isFired {
      guard let client = listener.accept() else {
        if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) {
          // Out of descriptors or memory: back off instead of spinning on the ready listener.
          stop.wait(upTo: .milliseconds(50))
        }
        continue
      }
      let socket = ClientSocket(descriptor: client, idleTimeout: idleTimeout, stop: stop)
      guard lifecycle.openConnection() else {
        refuse(socket, "Too many connections; try again later")
        continue
      }
      let started = DetachedThread.start {
        ConnectionHandler(socket: socket, runtime: self).run()
        self.lifecycle.closeConnection()
      }
      if !started {
        lifecycle.closeConnection()
        refuse(socket, "The server cannot take more connections right now")
      }
    }
  }

  private func refuse(_ socket: ClientSocket, _ message: String) {
    let requestID = nextRequestID()
    _ = socket.send(
      HTTPResponse.message(message, status: 503).serialized(requestID: requestID, keepAlive: false))
    socket.close()
    requestLog?(
      RequestLogEntry(
        requestID: requestID, method: nil, target: nil, status: 503, duration: .zero, faults: []))
  }

  /// Answers `request`, applying faults; returns whether the connection stays open.
  func serve(_ request: HTTPRequest, on socket: ClientSocket) -> Bool {
    let started = ContinuousClock.now
    let requestID = requestID(for: request)
    let decision = faults.decide(method: request.method, pathSegments: request.pathSegments)
    var applied: [InjectedFault] = []
    if decision.delay > .zero {
      applied.append(.latency(decision.delay))
      // A stop cuts the wait short so shutdown stays prompt; the response is still sent.
      stop.wait(upTo: decision.delay)
    }
    var response: HTTPResponse
    switch decision.outcome {
    case .dropConnection:
      applied.append(.droppedConnection)
      log(request, requestID, status: nil, since: started, applied)
      return false
    case .fail(let status):
      applied.append(.failure(status: status))
      response = .message("Injected failure (fault injection is on)", status: status)
    case .malformBody:
      applied.append(.malformedBody)
      response = api.respond(to: request)
      response.body = Array(response.body.prefix(response.body.count / 2))
    case .handle:
      response = api.respond(to: request)
    }
    let keepAlive = request.keepAlive && !stop.isFired
    let sent = socket.send(
      response.serialized(
        requestID: requestID, keepAlive: keepAlive, includeBody: request.method != "HEAD"))
    log(request, requestID, status: response.status, since: started, applied)
    return sent && keepAlive
  }

  /// Answers bytes that are not an acceptable request; the connection is closed afterwards.
  func reject(_ error: HTTPRequestError, on socket: ClientSocket) {
    let requestID = nextRequestID()
    _ = socket.send(
      HTTPResponse.message(error.message, status: error.status)
        .serialized(requestID: requestID, keepAlive: false))
    requestLog?(
      RequestLogEntry(
        requestID: requestID, method: nil, target: nil, status: error.status, duration: .zero,
        faults: []))
  }

  private func log(
    _ request: HTTPRequest, _ requestID: String, status: Int?, since start: ContinuousClock.Instant,
    _ faults: [InjectedFault]
  ) {
    requestLog?(
      RequestLogEntry(
        requestID: requestID, method: request.method, target: request.target, status: status,
        duration: start.duration(to: .now), faults: faults))
  }

  /// The client's `X-Request-Id` when it sent a reasonable one, else a new `req-N`.
  private func requestID(for request: HTTPRequest) -> String {
    if let sent = request.header("x-request-id"), (1...128).contains(sent.utf8.count),
      sent.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    {
      return sent
    }
    return nextRequestID()
  }

  private func nextRequestID() -> String {
    "req-\(requestCount.add(1, ordering: .relaxed).newValue)"
  }
}

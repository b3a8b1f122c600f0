import Glibc

extension EventLoop {
  /// Responses larger than this take their size from the server's buffer budget while they are
  /// being sent; smaller ones are covered by the per-connection allowance.
  static let budgetedResponseSize = 64 * 1024

  /// Starts answering a complete request: decides its faults, then holds it back for its
  /// latency and `delay=`, or answers at once.
  func begin(_ request: HTTPRequest, on connection: Connection) {
    let received = currentTime
    let requestID = runtime.requestID(for: request)
    if let refusal = runtime.access.refusal(of: request) {
      return answer(request, with: refusal, requestID: requestID, on: connection)
    }
    if connection.allowance == .reserved, request.pathSegments != [Route.faultsPath] {
      var response = HTTPResponse.message("Too many connections; try again later", status: 503)
      response.headers.append(("Retry-After", "1"))
      return answer(request, with: response, requestID: requestID, on: connection)
    }
    let decision = runtime.faults.decide(method: request.method, pathSegments: request.pathSegments)
    var faults: [InjectedFault] = []
    if decision.delay > .zero { faults.append(.latency(decision.delay)) }
    let pending = PendingRequest(
      request: request, requestID: requestID, received: received, outcome: decision.outcome,
      faults: faults)
    let wait = decision.delay + (DelayParameter(request.query).duration ?? .zero)
    if wait > .zero && !isStopping {
      connection.phase = .delayed(pending)
      // A client that hangs up meanwhile is noticed at once (EPOLLRDHUP) and its place freed.
      watch(connection, for: .readHangUp)
      setDeadline(of: connection, to: received + wait)
    } else {
      respond(to: pending, on: connection)
    }
  }

  /// The header that marks an injected fault, as the client's fault injector's does:
  /// `server 503`, `server truncated`; a devtools network log shows it as injected.
  static let faultHeader = "X-Tether-Fault"

  /// Answers a request whose wait is over, as its fault decision says.
  func respond(to pending: PendingRequest, on connection: Connection) {
    let request = pending.request
    var faults = pending.faults
    var response: HTTPResponse
    switch pending.outcome {
    case .dropConnection:
      faults.append(.droppedConnection)
      log(request, pending.requestID, status: nil, since: pending.received, faults)
      return close(connection)
    case .fail(let status, let retryAfter):
      faults.append(.failure(status: status))
      response = .message("Injected failure (fault injection is on)", status: status)
      response.headers.append((Self.faultHeader, "server \(status)"))
      if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
    case .malformBody where opensChangeStream(request):
      return startChangeStream(
        PendingRequest(
          request: request, requestID: pending.requestID, received: pending.received,
          outcome: pending.outcome, faults: faults), truncated: true, on: connection)
    case .handle where opensChangeStream(request):
      return startChangeStream(pending, truncated: false, on: connection)
    case .malformBody:
      faults.append(.malformedBody)
      response = runtime.api.respond(to: request)
      response.body = Array(response.body.prefix(response.body.count / 2))
      response.headers.append((Self.faultHeader, "server truncated"))
    case .handle:
      response = runtime.api.respond(to: request)
    }
    let keepAlive = request.keepAlive && !isStopping && connection.allowance == .serving
    var bytes = response.serialized(
      requestID: pending.requestID, keepAlive: keepAlive, includeBody: request.method != "HEAD",
      date: httpDate())
    if bytes.count > Self.budgetedResponseSize {
      if runtime.buffers.reserve(bytes.count) {
        connection.reservedBytes += bytes.count
      } else {
        response = .message("The server is sending too much at once; try again later", status: 503)
        response.headers.append(("Retry-After", "1"))
        bytes = response.serialized(
          requestID: pending.requestID, keepAlive: keepAlive, date: httpDate())
      }
    }
    connection.pendingLog = (
      RequestLogEntry(
        requestID: pending.requestID, method: request.method, target: request.target,
        status: response.status, duration: .zero, faults: faults),
      pending.received
    )
    startWriting(bytes, on: connection, closingAfter: !keepAlive)
  }

  /// Answers `request` with `response` at once, without faults, and closes after it.
  private func answer(
    _ request: HTTPRequest, with response: HTTPResponse, requestID: String,
    on connection: Connection
  ) {
    connection.pendingLog = (
      RequestLogEntry(
        requestID: requestID, method: request.method, target: request.target,
        status: response.status, duration: .zero, faults: []),
      currentTime
    )
    startWriting(
      response.serialized(
        requestID: requestID, keepAlive: false, includeBody: request.method != "HEAD",
        date: httpDate()),
      on: connection, closingAfter: true)
  }

  func startWriting(_ bytes: [UInt8], on connection: Connection, closingAfter: Bool) {
    connection.output = bytes
    connection.outputOffset = 0
    connection.closesAfterOutput = closingAfter || isStopping
    connection.phase = .writing
    setDeadline(of: connection, to: currentTime + runtime.idleTimeout)
    flush(connection)
  }

  /// Sends what the socket takes; waits for it to take more, or finishes the response.
  func flush(_ connection: Connection) {
    guard let sent = connection.sendOutput() else {
      finishLog(of: connection)
      return close(connection)
    }
    if connection.outputOffset < connection.output.count {
      watch(connection, for: .writable)
      if sent > 0 { setDeadline(of: connection, to: currentTime + runtime.idleTimeout) }
      return
    }
    finishLog(of: connection)
    connection.output = []
    connection.outputOffset = 0
    runtime.buffers.release(connection.reservedBytes)
    connection.reservedBytes = 0
    if connection.closesAfterOutput {
      beginLingering(connection)
    } else {
      connection.phase = .idle
      watch(connection, for: .readable)
      setDeadline(of: connection, to: currentTime + runtime.idleTimeout)
      // A pipelined request may be waiting in the input already; the loop parses it next (not
      // here, which would recurse once per pipelined request).
      if !connection.input.isEmpty { inputToProcess.append(connection) }
    }
  }

  private func finishLog(of connection: Connection) {
    guard let (logged, received) = connection.pendingLog else { return }
    var entry = logged
    connection.pendingLog = nil
    if let received { entry.duration = received.duration(to: .now) }
    runtime.requestLog?(entry)
  }

  func log(
    _ request: HTTPRequest, _ requestID: String, status: Int?, since received: Instant,
    _ faults: [InjectedFault]
  ) {
    runtime.requestLog?(
      RequestLogEntry(
        requestID: requestID, method: request.method, target: request.target, status: status,
        duration: received.duration(to: .now), faults: faults))
  }
}

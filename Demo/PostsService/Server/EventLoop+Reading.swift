import Glibc

extension EventLoop {
  /// Bytes read and discarded at most, and for how long, before a connection that is being
  /// closed is closed anyway: enough for a client to finish sending a maximal request and read
  /// the answer, too little to be a way to hold a connection.
  static let lingeringLimit = HTTPRequestParser.maximumBodySize + HTTPRequestParser.maximumHeadSize
  static let lingeringTime = Duration.seconds(2)

  private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// Reads what the client sent and acts on it.
  func read(from connection: Connection) {
    // Read no more than the current request can still use: a head stops at its limit, a body at
    // its length, so a connection never buffers more than one request.
    let wanted =
      connection.parser.bytesStillNeeded(given: connection.input.count)
      ?? (HTTPRequestParser.maximumHeadSize + 1 - connection.input.count)
    let count = scratch.withUnsafeMutableBytes { scratch in
      let received = recv(
        connection.descriptor, scratch.baseAddress, min(scratch.count, max(1, wanted)), 0)
      if received > 0 {
        connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<received]))
      }
      return received
    }
    if count > 0 {
      if case .idle = connection.phase {
        connection.phase = .readingHead
        setDeadline(
          of: connection, to: currentTime + timeout(runtime.headerTimeout, for: connection))
      }
      processInput(of: connection)
    } else if count == 0 {
      if connection.isMidRequest {
        // Half-closed mid-request: the client may still be reading, so say what happened.
        reject(.malformed("the connection was closed mid-request"), on: connection)
      } else {
        close(connection)
      }
    } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
      close(connection)
    }
  }

  /// Parses the input: starts answering a complete request, moves on to reading a body, or
  /// refuses bad bytes.
  func processInput(of connection: Connection) {
    switch connection.parser.parse(connection.input) {
    case .needsMoreData:
      if connection.input.isEmpty {
        connection.phase = .idle
        setDeadline(of: connection, to: currentTime + runtime.idleTimeout)
      } else if case .idle = connection.phase {
        // Pipelined bytes of the next request: its head deadline starts now.
        connection.phase = .readingHead
        setDeadline(
          of: connection, to: currentTime + timeout(runtime.headerTimeout, for: connection))
      }
    case .headParsed(let contentLength, let expectsContinue):
      guard reserve(contentLength, for: connection) else { return }
      connection.phase = .readingBody
      setDeadline(of: connection, to: currentTime + timeout(runtime.bodyTimeout, for: connection))
      if expectsContinue {
        _ = Self.continueResponse.withUnsafeBytes {
          send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
      }
    case .request(let request, let consumed):
      if connection.reservedBytes == 0, !request.body.isEmpty {
        guard reserve(request.body.count, for: connection) else { return }
      }
      connection.consumeInput(consumed)
      begin(request, on: connection)
    case .failure(let error):
      reject(error, on: connection)
    }
  }

  /// Takes `count` bytes of the buffer budget for the connection's request; answers 503 and
  /// returns `false` when the server holds too much already.
  private func reserve(_ count: Int, for connection: Connection) -> Bool {
    guard count > 0 else { return true }
    guard runtime.buffers.reserve(count) else {
      reject(
        HTTPRequestError(
          status: 503, message: "The server is holding too many request bodies; try again later"),
        on: connection, retryAfterSeconds: 1)
      return false
    }
    connection.reservedBytes += count
    return true
  }

  /// Answers bytes that are not an acceptable request, then closes.
  func reject(
    _ error: HTTPRequestError, on connection: Connection, retryAfterSeconds: Int? = nil
  ) {
    let requestID = runtime.nextRequestID()
    var response = HTTPResponse.message(error.message, status: error.status)
    if let retryAfterSeconds { response.headers.append(("Retry-After", String(retryAfterSeconds))) }
    connection.pendingLog = (
      RequestLogEntry(
        requestID: requestID, method: nil, target: nil, status: error.status, duration: .zero,
        faults: []),
      nil
    )
    startWriting(
      response.serialized(requestID: requestID, keepAlive: false, date: httpDate()),
      on: connection,
      closingAfter: true)
  }

  /// Turns away a connection over `maximumConnections`: 503 at once, then the usual lingering
  /// close, which reads the client's request so that the client can read the answer.
  func refuse(_ connection: Connection) {
    reject(
      HTTPRequestError(status: 503, message: "Too many connections; try again later"),
      on: connection, retryAfterSeconds: 1)
  }

  /// Ends a connection whose last response has been sent: stops sending (the client reads the
  /// end of the response), then reads and discards what the client still sends until it closes
  /// too, or a bounded amount or time has passed, and only then closes — closing with unread
  /// input would make the kernel reset the connection and could destroy the response.
  ///
  /// A lingering connection gives its place back (it serves nothing any more) and counts
  /// against the lingering limit instead; over that, it is closed at once.
  func beginLingering(_ connection: Connection) {
    if connection.allowance != .lingering {
      guard runtime.beginLingering() else { return close(connection) }
      release(connection.allowance)
      connection.allowance = .lingering
    }
    _ = shutdown(connection.descriptor, Int32(SHUT_WR))
    connection.phase = .lingering
    connection.input = []
    watch(connection, for: .readable)
    setDeadline(of: connection, to: currentTime + min(runtime.idleTimeout, Self.lingeringTime))
    linger(connection)
  }

  /// Discards what has arrived on a lingering connection; closes it at end of stream, at the
  /// limit, or when the server is stopping and nothing more is waiting.
  func linger(_ connection: Connection) {
    while true {
      let count = scratch.withUnsafeMutableBytes {
        recv(connection.descriptor, $0.baseAddress, $0.count, 0)
      }
      if count > 0 {
        connection.lingeringBytes += count
        if connection.lingeringBytes >= Self.lingeringLimit { return close(connection) }
        continue
      }
      if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) || isStopping {
        return close(connection)
      }
      return
    }
  }
}

import Glibc

/// One client connection, owned by the event loop that accepted it; only that loop's thread
/// touches it.
///
/// A connection is always in one phase, and each phase has one deadline (kept in the loop's
/// `DeadlineHeap`): waiting for a request (`idleTimeout`), reading a head (`headerTimeout`,
/// counted from its first byte and never restarted by later ones), reading a body
/// (`bodyTimeout`, likewise), holding a request back (its injected latency or `delay`), sending
/// a response (`idleTimeout` without progress), and lingering after the last response, reading
/// and discarding what the client still sends so that closing does not reset the connection
/// before the client has read the answer.
final class Connection {
  enum Phase {
    case idle
    case readingHead
    case readingBody
    case delayed(PendingRequest)
    case writing
    case lingering
    /// Sending `GET /posts/changes` events until the client leaves.
    case streaming(ChangeStream)
  }

  let descriptor: Int32
  let slot: Int
  let token: UInt64
  /// Which of the server's limits the connection counts against: one of the
  /// `maximumConnections` places while it serves requests, a lingering place while it is being
  /// turned away or closed.
  var allowance: Allowance

  var phase = Phase.idle
  /// The bytes of the current request (from its first byte) and any pipelined after it.
  var input: [UInt8] = []
  var parser = HTTPRequestParser()
  /// The response being sent, and how much of it has gone out.
  var output: [UInt8] = []
  var outputOffset = 0
  /// Close (after lingering) once `output` is sent, instead of reading the next request.
  var closesAfterOutput = false
  /// Logged once `output` is sent, with its duration counted from `received`.
  var pendingLog: (entry: RequestLogEntry, received: ContinuousClock.Instant?)?
  /// Bytes of the server's buffer budget held for the current request body and response.
  var reservedBytes = 0
  /// Bytes read and discarded while lingering.
  var lingeringBytes = 0
  /// What the loop's epoll watches the descriptor for.
  var watchedEvents: Epoll.Events = .readable

  init(descriptor: Int32, slot: Int, token: UInt64, allowance: Allowance) {
    self.descriptor = descriptor
    self.slot = slot
    self.token = token
    self.allowance = allowance
    var on: Int32 = 1
    _ = setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Whether bytes of a request (not just blank lines) have arrived but the request is not
  /// complete.
  var isMidRequest: Bool {
    switch phase {
    case .readingBody: true
    case .readingHead: input.contains { $0 != .carriageReturn && $0 != .lineFeed }
    default: false
    }
  }

  /// Sends what the socket takes of `output` from `outputOffset` on, moving `outputOffset`
  /// past it: how many bytes went, or nil when the socket failed (the client is gone). What
  /// is left waits for the socket to be writable again.
  func sendOutput() -> Int? {
    let start = outputOffset
    while outputOffset < output.count {
      let offset = outputOffset
      let count = output.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        outputOffset += count
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
        return nil
      }
      break
    }
    return outputOffset - start
  }

  /// Drops consumed input, returning the memory of a large, now empty buffer.
  func consumeInput(_ count: Int) {
    if count >= input.count {
      if input.capacity > 4096 { input = [] } else { input.removeAll(keepingCapacity: true) }
    } else {
      input.removeSubrange(..<count)
    }
  }
}

/// The limit a connection counts against.
enum Allowance: Equatable {
  case serving
  /// Over `maximumConnections`, in a place kept for `/_faults`: anything else is answered 503.
  case reserved
  case lingering
}

/// A complete request waiting for its injected latency or `delay` to pass.
struct PendingRequest {
  var request: HTTPRequest
  var requestID: String
  var received: ContinuousClock.Instant
  var outcome: FaultInjector.Decision.Outcome
  var faults: [InjectedFault]
}

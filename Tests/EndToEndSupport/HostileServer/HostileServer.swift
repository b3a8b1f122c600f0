import Foundation
import Glibc
import TetherSynchronization

/// An HTTP/1.1 server on 127.0.0.1 (an ephemeral port) that serves, on purpose, everything a
/// client must survive: JSON that traps parsers or costs cubic time, truncated and wrongly
/// shaped bodies, huge strings and arrays, control bytes and invalid UTF-8, connections reset
/// mid-body or never answered, slow drips, bodies over a size cap, Basic challenges — and, when
/// well-behaved, the routes a transport test needs (redirect chains with bodies, compressed and
/// chunked bodies, cookies, echo).
///
/// ```swift
/// let server = try HostileServer()                 // well-behaved to start with
/// defer { server.stop() }
/// server.mode = .tooDeep                           // now every answer is 513 `[`
/// // or one request at a time: GET /hostile/too-deep/posts/1
/// ```
///
/// Each connection gets its own thread and is kept alive between requests. The server records
/// every request and connection event, counts connections, and `stop()` ends every connection,
/// so a test leaves nothing behind.
public final class HostileServer: Sendable {
  /// What a test can wait for.
  public enum Event: Equatable, Sendable {
    /// A request arrived: its request line, e.g. `GET /posts HTTP/1.1`.
    case requestReceived(String)
    /// A client closed its connection (or reset it).
    case connectionClosed
  }

  private struct State {
    var mode: HostileMode
    var dripInterval: Duration = .milliseconds(200)
    var requests: [HostileRequest] = []
    var acceptedConnections = 0
    var open: Set<Int32> = []
    var stopped = false
  }

  /// The port the server listens on.
  public let port: UInt16
  /// Requests and closed connections as they happen.
  public let events = EventLog<Event>()
  private let listener: Int32
  private let state: SanitizerVisibleMutex<State>

  /// Starts a server answering in `mode`.
  public init(mode: HostileMode = .wellBehaved) throws {
    state = SanitizerVisibleMutex(State(mode: mode))
    (listener, port) = try boundLoopbackSocket()
    guard listen(listener, 256) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    Thread { [self] in acceptLoop() }.start()
  }

  /// `http://127.0.0.1:<port>`
  public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// How every request is answered (a `/hostile/<mode>/` path overrides it for one request).
  public var mode: HostileMode {
    get { state.withLock { $0.mode } }
    set { state.withLock { $0.mode = newValue } }
  }

  /// The pause between the bytes of a ``HostileMode/slowDrip`` body and of `/drip`.
  public var dripInterval: Duration {
    get { state.withLock { $0.dripInterval } }
    set { state.withLock { $0.dripInterval = newValue } }
  }

  /// Every request received so far, in order.
  public var requests: [HostileRequest] { state.withLock { $0.requests } }

  /// How many connections clients have opened so far.
  public var acceptedConnections: Int { state.withLock { $0.acceptedConnections } }

  /// How many connections are open now.
  public var openConnections: Int { state.withLock { $0.open.count } }

  /// Stops accepting connections and ends every open one.
  public func stop() {
    state.withLock { state in
      state.stopped = true
      for connection in state.open { shutdown(connection, Int32(SHUT_RDWR)) }
    }
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        close(listener)
        return
      }
      let accepted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.acceptedConnections += 1
        state.open.insert(connection)
        return true
      }
      guard accepted else {
        close(connection)
        continue
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      var yes: Int32 = 1
      setsockopt(
        connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      Thread { [self] in serve(ConnectionSocket(descriptor: connection)) }.start()
    }
  }

  private func serve(_ socket: ConnectionSocket) {
    var reset = false
    defer {
      state.withLock { state in
        state.open.remove(socket.descriptor)
        if reset { socket.setLingerZero() }
        close(socket.descriptor)
      }
    }
    var isFirstRead = true
    var reader = RequestReader(
      read: {
        guard let bytes = socket.read() else { return nil }
        defer { isFirstRead = false }
        // A TLS ClientHello on this plain-HTTP port: answer as nginx does, and hang up.
        if isFirstRead && bytes.first == 0x16 {
          _ = socket.write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n")
          return nil
        }
        return bytes
      },
      expectsContinue: { _ = socket.write("HTTP/1.1 100 Continue\r\n\r\n") })
    while let request = reader.next() {
      let (mode, interval) = state.withLock { state in
        state.requests.append(request)
        return (state.mode, state.dripInterval)
      }
      events.record(.requestReceived(request.requestLine))
      let reply = HostileRoutes.reply(to: request, mode: mode)
      switch send(reply, on: socket, interval: interval, head: request.method == "HEAD") {
      case .keepAlive where !request.closesConnection:
        continue
      case .keepAlive, .close:
        return
      case .reset:
        reset = true
        return
      case .clientGone:
        events.record(.connectionClosed)
        return
      }
    }
    events.record(.connectionClosed)
  }

  private enum AfterReply {
    case keepAlive, close, reset, clientGone
  }

  private func send(
    _ reply: HostileReply, on socket: ConnectionSocket, interval: Duration, head isHead: Bool
  ) -> AfterReply {
    switch reply {
    case .respond(let status, let headers, let body):
      let head = Self.head(status, headers + [("Content-Length", "\(body.count)")])
      return socket.write(head) && (isHead || socket.write(body)) ? .keepAlive : .clientGone
    case .chunked(let status, let headers, let chunks):
      guard socket.write(Self.head(status, headers + [("Transfer-Encoding", "chunked")])) else {
        return .clientGone
      }
      for chunk in chunks where !chunk.isEmpty {
        guard
          socket.write(Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10])
        else { return .clientGone }
      }
      return socket.write("0\r\n\r\n") ? .keepAlive : .clientGone
    case .generatedChunked(let status, let headers, let total, let chunk):
      guard socket.write(Self.head(status, headers + [("Transfer-Encoding", "chunked")])) else {
        return .clientGone
      }
      let framed = Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10]
      var sent = 0
      while sent < total {
        let size = min(chunk.count, total - sent)
        let frame =
          size == chunk.count
          ? framed
          : Array(String(size, radix: 16).utf8) + [13, 10] + chunk.prefix(size) + [13, 10]
        guard socket.write(frame) else { return .clientGone }
        sent += size
      }
      return socket.write("0\r\n\r\n") ? .keepAlive : .clientGone
    case .resetMidBody(let status, let headers, let body):
      let head = Self.head(status, headers + [("Content-Length", "\(body.count)")])
      _ = socket.write(head) && socket.write(Array(body.prefix(body.count / 2)))
      return .reset
    case .neverAnswer:
      while socket.read() != nil {}
      return .clientGone
    case .drip(let status, let headers, let body):
      let head = Self.head(status, headers + [("Content-Length", "\(body.count)")])
      guard socket.write(head) else { return .clientGone }
      for byte in body {
        guard !isStopped else { return .close }
        pause(interval)
        guard socket.write([byte]) else { return .clientGone }
      }
      return .keepAlive
    case .raw(let bytes):
      return socket.write(bytes) ? .close : .clientGone
    case .stream(let status, let headers, let frames, let interval, let end):
      guard socket.write(Self.head(status, headers + [("Transfer-Encoding", "chunked")])) else {
        return .clientGone
      }
      for frame in frames {
        guard !isStopped else { return .close }
        if interval > .zero { pause(interval) }
        let chunk = Array(String(frame.count, radix: 16).utf8) + [13, 10] + frame + [13, 10]
        guard socket.write(chunk) else { return .clientGone }
      }
      switch end {
      case .finish: return socket.write("0\r\n\r\n") ? .keepAlive : .clientGone
      case .reset: return .reset
      case .stall:
        while socket.read() != nil {}
        return .clientGone
      }
    }
  }

  /// The server's own pacing of a drip, in real time on its connection's thread.
  private func pause(_ interval: Duration) {
    let (seconds, attoseconds) = interval.components
    var remaining = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    while true {
      let request = remaining
      guard nanosleep([request], &remaining) != 0, errno == EINTR else { return }
    }
  }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  private static func head(_ status: Int, _ headers: [(String, String)]) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(HostileRoutes.reason(status))\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    return Array((text + "\r\n").utf8)
  }
}

/// What the server sends back for one request.
enum HostileReply {
  /// A complete response with a Content-Length.
  case respond(status: Int, headers: [(String, String)], body: [UInt8])
  /// A chunked response, one chunk per element.
  case chunked(status: Int, headers: [(String, String)], chunks: [[UInt8]])
  /// A chunked response of `total` bytes made of `chunk` repeated, generated while sending.
  case generatedChunked(status: Int, headers: [(String, String)], total: Int, chunk: [UInt8])
  /// The head and half of `body`, then a TCP reset.
  case resetMidBody(status: Int, headers: [(String, String)], body: [UInt8])
  /// Nothing, until the client gives up.
  case neverAnswer
  /// The body one byte per drip interval.
  case drip(status: Int, headers: [(String, String)], body: [UInt8])
  /// These bytes, then the connection closes.
  case raw([UInt8])
  /// A chunked stream: each frame as a chunk, `interval` apart, then `end`.
  case stream(
    status: Int, headers: [(String, String)], frames: [[UInt8]], interval: Duration,
    end: StreamEnd)
}

/// How a streamed reply ends.
enum StreamEnd: String {
  /// The last chunk: the stream ends cleanly.
  case finish
  /// Silence, with the connection open, until the client leaves.
  case stall
  /// A TCP reset.
  case reset
}

/// One accepted connection's socket.
struct ConnectionSocket: Sendable {
  let descriptor: Int32

  /// The next bytes, or nil at end of stream or on an error (a reset, `stop()`).
  func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = Glibc.read(descriptor, &buffer, buffer.count)
      if count > 0 { return Array(buffer[..<count]) }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Writes all of `bytes`; false when the client is gone.
  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = send(
          descriptor, raw.baseAddress! + offset, raw.count - offset,
          Int32(MSG_NOSIGNAL))
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  func write(_ text: String) -> Bool { write(Array(text.utf8)) }

  /// Makes `close` send a TCP reset instead of a graceful end.
  func setLingerZero() {
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
  }
}

/// A loopback port that is bound but not listening, so connecting to it is refused.
public struct ReservedPort: Sendable {
  public let port: UInt16
  private let socket: Int32

  public init() throws {
    (socket, port) = try boundLoopbackSocket()
  }

  public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  public func release() { close(socket) }
}

/// A TCP socket bound to 127.0.0.1 on an ephemeral port, and that port.
func boundLoopbackSocket() throws -> (Int32, UInt16) {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
  guard descriptor >= 0 else { throw POSIXError(.EIO) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
  }
  guard bound == 0 else {
    close(descriptor)
    throw POSIXError(.EADDRINUSE)
  }
  _ = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
  }
  return (descriptor, UInt16(bigEndian: address.sin_port))
}

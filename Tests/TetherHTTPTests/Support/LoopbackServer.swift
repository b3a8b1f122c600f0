import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for transport tests: it answers
/// every request with a fixed response, or never answers, and reports what it sees.
final class LoopbackServer: Sendable {
  enum Behavior: Sendable {
    /// Answer with this status and body, then close the connection.
    case respond(status: Int, body: String)
    /// Read the request and never answer; report when the client closes the connection.
    case neverRespond
  }

  enum Event: Equatable, Sendable {
    case requestReceived(String)
    case connectionClosed
  }

  let port: UInt16
  let events = EventLog<Event>()
  private let listener: Int32
  private let behavior: Behavior

  init(behavior: Behavior) throws {
    self.behavior = behavior
    (listener, port) = try boundLoopbackSocket()
    guard listen(listener, 16) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// Stops accepting connections.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        close(listener)
        return
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.containsHeaderEnd {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else {
        events.record(.connectionClosed)
        return
      }
      received.append(contentsOf: buffer[..<count])
    }
    let requestLine = String(decoding: received.prefix { $0 != 13 }, as: UTF8.self)
    events.record(.requestReceived(requestLine))
    switch behavior {
    case .respond(let status, let body):
      let response =
        "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
      let bytes = Array(response.utf8)
      _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    case .neverRespond:
      while read(connection, &buffer, buffer.count) > 0 {}
      events.record(.connectionClosed)
    }
  }
}

/// A loopback port that is bound but not listening, so connecting to it is refused.
struct ReservedPort {
  let port: UInt16
  private let socket: Int32

  init() throws {
    (socket, port) = try boundLoopbackSocket()
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  func release() { close(socket) }
}

/// A TCP socket bound to 127.0.0.1 on an ephemeral port, and that port.
private func boundLoopbackSocket() throws -> (Int32, UInt16) {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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

extension [UInt8] {
  fileprivate var containsHeaderEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4)
    where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13
      && self[index + 3] == 10
    {
      return true
    }
    return false
  }
}

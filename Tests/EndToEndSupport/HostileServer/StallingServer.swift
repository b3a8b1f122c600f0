import Foundation
import TetherSynchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback HTTP server for one exchange at a time that stalls half-way until the test lets
/// it go on: for progress reports and cancellations in the middle of a transfer.
///
/// A download (`GET`) is answered with a `Content-Length` of ``bodySize`` bytes, of which the
/// first ``stallAfter`` are sent before the server waits. An upload (any other method) has its
/// first ``stallAfter`` body bytes read before the server waits, then the rest, and is answered
/// `{"received":N}`. ``proceed()`` ends the wait; ``stop()`` closes everything.
public final class StallingServer: Sendable {
  public let port: UInt16
  public let bodySize: Int
  public let stallAfter: Int
  private let listener: Int32
  private let gate = DispatchSemaphore(value: 0)
  private let state = SanitizerVisibleMutex((stopped: false, received: 0, closed: 0))

  public init(bodySize: Int = 8 << 20, stallAfter: Int = 1 << 20) throws {
    (listener, port) = try boundLoopbackSocket()
    self.bodySize = bodySize
    self.stallAfter = stallAfter
    guard listen(listener, 8) == 0 else { throw POSIXError(.EIO) }
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Body bytes of uploads received so far.
  public var received: Int { state.withLock { $0.received } }

  /// Connections that ended (closed by the client or finished).
  public var closedConnections: Int { state.withLock { $0.closed } }

  /// Lets the stalled exchange go on.
  public func proceed() { gate.signal() }

  public func stop() {
    state.withLock { $0.stopped = true }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    gate.signal()
  }

  private func serve() {
    while !state.withLock({ $0.stopped }) {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      exchange(on: connection)
      close(connection)
      state.withLock { $0.closed += 1 }
    }
  }

  private func exchange(on connection: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var head: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      head += buffer[..<count]
      headEnd = Self.find(Array("\r\n\r\n".utf8), in: head).map { $0 + 4 }
    }
    let text = String(decoding: head[..<headEnd!], as: UTF8.self)
    let isGet = text.hasPrefix("GET ")
    if isGet {
      let response = "HTTP/1.1 200 OK\r\nContent-Length: \(bodySize)\r\nConnection: close\r\n\r\n"
      guard send(Array(response.utf8), on: connection) else { return }
      let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
      var sent = 0
      var waited = false
      while sent < bodySize {
        if !waited, sent >= stallAfter {
          waited = true
          gate.wait()
          if state.withLock({ $0.stopped }) { return }
        }
        let count = min(chunk.count, bodySize - sent, waited ? Int.max : stallAfter - sent)
        guard send(Array(chunk[..<count]), on: connection) else { return }
        sent += count
      }
      return
    }
    let length = Self.contentLength(in: text) ?? 0
    var got = head.count - headEnd!
    state.withLock { $0.received = got }
    var waited = false
    while got < length {
      if !waited, got >= stallAfter {
        waited = true
        gate.wait()
        if state.withLock({ $0.stopped }) { return }
      }
      let count = read(
        connection, &buffer, min(buffer.count, waited ? buffer.count : max(1, stallAfter - got)))
      guard count > 0 else { return }
      got += count
      state.withLock { $0.received = got }
    }
    let body = #"{"received":\#(got)}"#
    _ = send(
      Array(
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
          .utf8),
      on: connection)
  }

  private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static func contentLength(in head: String) -> Int? {
    for line in head.split(separator: "\r\n") {
      let pair = line.split(separator: ":", maxSplits: 1)
      if pair.count == 2, pair[0].lowercased() == "content-length" {
        return Int(pair[1].trimmingCharacters(in: .whitespaces))
      }
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count)
    where haystack[index..<index + needle.count].elementsEqual(needle) {
      return index
    }
    return nil
  }
}

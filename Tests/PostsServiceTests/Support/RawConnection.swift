import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A plain blocking TCP connection for sending exactly the bytes a test wants.
///
/// Every read gives up after `timeout` (a generous bound, not a timing assumption), so a broken
/// server fails the test instead of hanging it. In async code the waiting reads are `async`
/// overloads that block a thread of their own, never one of the cooperative pool (two threads
/// here: a test blocked on a socket there stalls every other test in the process).
///
/// Unchecked `Sendable`: one test owns a connection and awaits each call before the next, so
/// its buffer is never used by two threads at once.
final class RawConnection: @unchecked Sendable {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let descriptor: Int32
  private var received: [UInt8] = []
  private var isClosed = false

  init(port: Int, timeout: Duration = .seconds(10)) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    var time = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var on: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      Glibc.close(descriptor)
      throw Failure(description: "connect failed: errno \(errno)")
    }
  }

  deinit {
    if !isClosed { Glibc.close(descriptor) }
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
      offset += count
    }
  }

  /// Reads one response (status line, headers, `Content-Length` body).
  func readResponse(bodyExpected: Bool = true) throws -> Response {
    while true {
      if let end = headEnd() {
        let head = String(decoding: received[..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
          throw Failure(description: "bad status line: \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
          let parts = line.split(separator: ":", maxSplits: 1)
          headers[parts[0].lowercased()] =
            parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        let length = bodyExpected ? Int(headers["content-length"] ?? "0") ?? 0 : 0
        while received.count < end + length {
          guard try receiveMore() else { throw Failure(description: "closed mid-body") }
        }
        let body = Array(received[end..<(end + length)])
        received.removeSubrange(..<(end + length))
        return Response(status: status, headers: headers, body: body)
      }
      guard try receiveMore() else {
        throw Failure(description: "closed before a response; got \(received.count) bytes")
      }
    }
  }

  /// Whether the server closes the connection (reads until end of stream or reset); `false`
  /// when data keeps coming or the read times out.
  func waitForClose() -> Bool {
    var scratch = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { return true }
      if count < 0 { return errno == ECONNRESET }
      received.append(contentsOf: scratch[..<count])
    }
  }

  /// Whether the server has sent something (or closed) within `timeout`: a bounded wait on the
  /// socket, for a client that keeps sending until it is answered.
  func hasIncomingData(within timeout: Duration) -> Bool {
    if !received.isEmpty { return true }
    var descriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(
      &descriptor, 1,
      Int32(
        timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
      > 0
  }

  /// Everything the server sends until it closes the connection; `nil` when it neither closes
  /// nor sends within the timeout (a hang).
  func readUntilClosed() -> [UInt8]? {
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received.append(contentsOf: scratch[..<count])
      } else if count == 0 || errno == ECONNRESET {
        defer { received = [] }
        return received
      } else {
        return nil
      }
    }
  }

  func shutdownWriting() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes in order (FIN), as a client that hangs up does.
  func close() {
    guard !isClosed else { return }
    Glibc.close(descriptor)
    isClosed = true
  }

  /// Closes with a reset (RST) instead of an orderly close.
  func reset() {
    var linger = linger(l_onoff: 1, l_linger: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    Glibc.close(descriptor)
    isClosed = true
  }

  private func headEnd() -> Int? {
    guard received.count >= 4 else { return nil }
    for index in 0...(received.count - 4)
    where received[index] == 13 && received[index + 1] == 10 && received[index + 2] == 13
      && received[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }

  private func receiveMore() throws -> Bool {
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    let count = scratch.withUnsafeMutableBytes { scratch in
      let count = recv(descriptor, scratch.baseAddress, scratch.count, 0)
      if count > 0 {
        received.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
      }
      return count
    }
    if count < 0 { throw Failure(description: "recv failed: errno \(errno)") }
    return count > 0
  }
}

extension RawConnection {
  /// Reads one response on a thread of its own (see the type's documentation).
  func readResponse(bodyExpected: Bool = true) async throws -> Response {
    try await onOwnThread { try self.readResponse(bodyExpected: bodyExpected) }
  }

  /// Whether the server closes the connection, waited for on a thread of its own.
  func waitForClose() async -> Bool {
    (try? await onOwnThread { self.waitForClose() }) ?? false
  }

  /// Whether the server sends something within `timeout`, waited for on a thread of its own.
  func hasIncomingData(within timeout: Duration) async -> Bool {
    (try? await onOwnThread { self.hasIncomingData(within: timeout) }) ?? false
  }

  /// Everything the server sends until it closes, read on a thread of its own.
  func readUntilClosed() async -> [UInt8]? {
    (try? await onOwnThread { self.readUntilClosed() }) ?? nil
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal blocking HTTP/1.1 keep-alive client: one connection, one request at a time,
/// `Content-Length` responses only. Reuses one buffer so it costs little next to the server.
final class KeepAliveClient {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
  /// Bytes in `buffer[start..<end]` are received but not yet consumed.
  private var start = 0
  private var end = 0

  init(port: Int) throws {
    descriptor = try Loopback.connect(to: port)
    var on: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit {
    close(descriptor)
  }

  /// Sends `GET path` and returns the response body; throws unless the status is 200.
  func get(_ path: String) throws -> [UInt8] {
    let (status, body) = try exchange(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    guard status == 200 else { throw Failure(description: "status \(status)") }
    return body
  }

  /// Sends `method path` with a JSON `body` and returns the status.
  func send(_ method: String, _ path: String, json body: [UInt8]) throws -> Int {
    let head =
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n"
    return try exchange(Array(head.utf8) + body).status
  }

  /// Sends `request` whole and reads one response.
  private func exchange(_ request: [UInt8]) throws -> (status: Int, body: [UInt8]) {
    moveUnconsumedBytesToFront()
    var offset = 0
    while offset < request.count {
      let sent = request.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw Failure(description: "send: errno \(errno)") }
      offset += sent
    }
    var scanned = 0
    var headEnd = findHeadEnd(from: &scanned)
    while headEnd == nil {
      try receive()
      headEnd = findHeadEnd(from: &scanned)
    }
    let bodyStart = headEnd!
    let (status, length) = try parseHead(upTo: bodyStart)
    while end - bodyStart < length { try receive() }
    start = bodyStart + length
    return (status, Array(buffer[bodyStart..<start]))
  }

  private func moveUnconsumedBytesToFront() {
    if start > 0 {
      buffer.withUnsafeMutableBytes { bytes in
        bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
      }
      end -= start
      start = 0
    }
  }

  /// Appends what arrives to `buffer[end...]`.
  private func receive() throws {
    guard end < buffer.count else { throw Failure(description: "response too large") }
    let count = buffer.withUnsafeMutableBytes {
      recv(descriptor, $0.baseAddress! + end, $0.count - end, 0)
    }
    guard count > 0 else { throw Failure(description: "connection closed (recv \(count))") }
    end += count
  }

  private func findHeadEnd(from scanned: inout Int) -> Int? {
    while scanned + 3 < end {
      if buffer[scanned] == 13, buffer[scanned + 1] == 10, buffer[scanned + 2] == 13,
        buffer[scanned + 3] == 10
      {
        return scanned + 4
      }
      scanned += 1
    }
    return nil
  }

  /// The status and `Content-Length` of the head in `buffer[start..<headEnd]`.
  private func parseHead(upTo headEnd: Int) throws -> (status: Int, length: Int) {
    let head = String(decoding: buffer[start..<headEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.count >= 12,
      let status = Int(statusLine.dropFirst(9).prefix(3))
    else { throw Failure(description: "bad status line") }
    for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
      if let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) {
        return (status, length)
      }
    }
    throw Failure(description: "no Content-Length")
  }
}

import Foundation

/// One request as a ``HostileServer`` received it.
public struct HostileRequest: Sendable, Equatable {
  /// `GET`, `POST`, …
  public var method: String
  /// The request target as sent: path and query, e.g. `/posts?limit=10`.
  public var target: String
  /// `HTTP/1.1`
  public var version: String
  /// Header fields in order, names as sent.
  public var headers: [Field]
  /// The body (Content-Length or chunked), empty when there is none.
  public var body: Data

  /// One header field.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String
  }

  /// The value of the first field called `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The path, without the query (and without the scheme and host of the absolute form a
  /// client sends to a proxy).
  public var path: String {
    var target = Substring(target)
    if let scheme = target.range(of: "://") {
      let afterHost = target[scheme.upperBound...]
      target = afterHost[(afterHost.firstIndex(of: "/") ?? afterHost.endIndex)...]
    }
    return String(target.prefix { $0 != "?" })
  }

  /// The value of query item `name`, percent-decoded.
  public func query(_ name: String) -> String? {
    guard let mark = target.firstIndex(of: "?") else { return nil }
    for item in target[target.index(after: mark)...].split(separator: "&") {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts[0] == name {
        let value = parts.count > 1 ? String(parts[1]) : ""
        return value.removingPercentEncoding ?? value
      }
    }
    return nil
  }

  /// `GET /posts HTTP/1.1`
  public var requestLine: String { "\(method) \(target) \(version)" }

  /// Whether the client asked for the connection to close after this exchange.
  var closesConnection: Bool {
    header("Connection")?.lowercased() == "close" || version == "HTTP/1.0"
  }
}

/// Reads HTTP/1.1 requests from a connection's bytes.
struct RequestReader {
  private var pending: [UInt8] = []
  /// The read that fills the buffer: returns the bytes read, or nil at end of stream or error.
  let read: () -> [UInt8]?
  /// Called when the client sends `Expect: 100-continue`, before its body is read.
  let expectsContinue: () -> Void

  init(read: @escaping () -> [UInt8]?, expectsContinue: @escaping () -> Void) {
    self.read = read
    self.expectsContinue = expectsContinue
  }

  /// The next request, or nil when the client closed the connection (or sent garbage).
  mutating func next() -> HostileRequest? {
    guard let headEnd = fill(until: { $0.headerEnd }) else { return nil }
    let head = String(decoding: pending[..<(headEnd - 4)], as: UTF8.self)
    pending.removeFirst(headEnd)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", maxSplits: 2).map(String.init)
    guard requestLine.count == 3 else { return nil }
    var request = HostileRequest(
      method: requestLine[0], target: requestLine[1], version: requestLine[2], headers: [],
      body: Data())
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      request.headers.append(.init(name: String(line[..<colon]), value: value))
    }
    if request.header("Expect")?.lowercased() == "100-continue" { expectsContinue() }
    if let length = request.header("Content-Length").flatMap(Int.init), length > 0 {
      guard fill(until: { $0.count >= length ? length : nil }) != nil else { return nil }
      request.body = Data(pending[..<length])
      pending.removeFirst(length)
    } else if request.header("Transfer-Encoding")?.lowercased() == "chunked" {
      guard let body = readChunkedBody() else { return nil }
      request.body = body
    }
    return request
  }

  private mutating func readChunkedBody() -> Data? {
    var body = Data()
    while true {
      guard let lineEnd = fill(until: { $0.lineEnd }) else { return nil }
      let sizeText = String(decoding: pending[..<(lineEnd - 2)], as: UTF8.self)
      pending.removeFirst(lineEnd)
      guard let size = Int(sizeText.prefix { $0 != ";" }, radix: 16) else { return nil }
      guard fill(until: { $0.count >= size + 2 ? size + 2 : nil }) != nil else { return nil }
      body.append(contentsOf: pending[..<size])
      pending.removeFirst(size + 2)
      if size == 0 { return body }
    }
  }

  /// Reads until `complete` finds an end in the pending bytes, and returns it.
  private mutating func fill(until complete: ([UInt8]) -> Int?) -> Int? {
    while true {
      if let end = complete(pending) { return end }
      guard let bytes = read() else { return nil }
      pending += bytes
    }
  }
}

extension [UInt8] {
  /// The index just past the first `\r\n\r\n`.
  fileprivate var headerEnd: Int? {
    guard count >= 4 else { return nil }
    for index in 0...(count - 4)
    where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13
      && self[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }

  /// The index just past the first `\r\n`.
  fileprivate var lineEnd: Int? {
    guard count >= 2 else { return nil }
    for index in 0...(count - 2) where self[index] == 13 && self[index + 1] == 10 {
      return index + 2
    }
    return nil
  }
}

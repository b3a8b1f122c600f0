/// The request line and header fields of one request, validated.
struct HTTPRequestHead {
  /// The request without its body.
  var request: HTTPRequest
  var contentLength: Int
  var expectsContinue: Bool

  /// Parses `bytes`, the head up to and including the blank line.
  init(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) {
    var lines = bytes.split(separator: .lineFeed, omittingEmptySubsequences: false).map { line in
      line.last == .carriageReturn ? line.dropLast() : line
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("empty request") }

    let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw .malformed("the request line must be 'METHOD /path HTTP/1.1'")
    }
    guard !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter) else {
      throw .malformed("invalid method")
    }
    guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ (0x21...0x7E).contains($0) })
    else { throw .malformed("the request target must be a path starting with '/'") }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      if version.wholeMatch(of: /HTTP\/\d\.\d/) != nil {
        throw HTTPRequestError(status: 505, message: "Only HTTP/1.0 and HTTP/1.1 are supported")
      }
      throw .malformed("invalid HTTP version")
    }

    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      headers.append(try Self.parseField(line))
    }

    let method = String(decoding: parts[0], as: UTF8.self)
    let target = String(decoding: parts[1], as: UTF8.self)
    let (pathSegments, query) = try Self.parseTarget(target)
    let connectionTokens = Set(
      headers.filter { $0.name == "connection" }
        .flatMap { $0.value.lowercased().split(separator: ",") }
        .map { $0.trimmingCharacters(in: " \t") })
    let keepAlive =
      version == "HTTP/1.1"
      ? !connectionTokens.contains("close") : connectionTokens.contains("keep-alive")

    if version == "HTTP/1.1", headers.filter({ $0.name == "host" }).count != 1 {
      throw .malformed("an HTTP/1.1 request needs exactly one Host header")
    }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      throw HTTPRequestError(
        status: 501, message: "Transfer-Encoding is not supported; send a Content-Length body")
    }
    let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { throw .malformed("conflicting Content-Length headers") }
    contentLength = 0
    if let length = lengths.first {
      guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw .malformed("Content-Length must be a number")
      }
      guard let value = Int(length), value <= HTTPRequestParser.maximumBodySize else {
        throw .bodyTooLarge
      }
      contentLength = value
    }
    expectsContinue =
      contentLength > 0
      && headers.contains { $0.name == "expect" && $0.value.lowercased() == "100-continue" }
    request = HTTPRequest(
      method: method, target: target, pathSegments: pathSegments, query: query,
      headers: headers, body: [], keepAlive: keepAlive)
  }

  private static func parseField(
    _ line: ArraySlice<UInt8>
  ) throws(HTTPRequestError) -> (name: String, value: String) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
        throw .malformed("folded header lines are not allowed")
      }
      throw .malformed("header line without a colon")
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else {
      throw .malformed("invalid header name")
    }
    let value = line[(colon + 1)...]
    guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
      throw .malformed("control character in a header value")
    }
    return (
      String(decoding: name, as: UTF8.self).lowercased(),
      String(decoding: value, as: UTF8.self).trimmingCharacters(in: " \t")
    )
  }

  private static func parseTarget(
    _ target: String
  ) throws(HTTPRequestError) -> (pathSegments: [String], query: [String: String]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var segments: [String] = []
    for segment in parts[0].split(separator: "/") {
      guard let decoded = PercentDecoding.decode(segment, plusAsSpace: false) else {
        throw .malformed("invalid percent-encoding in the path")
      }
      segments.append(decoded)
    }
    var query: [String: String] = [:]
    if parts.count == 2 {
      for item in parts[1].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = PercentDecoding.decode(pair[0], plusAsSpace: true),
          let value = PercentDecoding.decode(pair.count == 2 ? pair[1] : "", plusAsSpace: true)
        else { throw .malformed("invalid percent-encoding in the query") }
        if query[name] == nil { query[name] = value }
      }
    }
    return (segments, query)
  }
}

extension UInt8 {
  /// Whether the byte may appear in an HTTP token (method, header name): RFC 9110 `tchar`.
  fileprivate var isTokenCharacter: Bool {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(self)
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    guard let first = firstIndex(where: { !set.contains($0) }),
      let last = lastIndex(where: { !set.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    String(self).trimmingCharacters(in: characters)
  }
}

import Foundation

/// How a ``HostileServer`` answers one request.
enum HostileRoutes {
  static let json = ("Content-Type", "application/json")

  static func reply(to request: HostileRequest, mode serverMode: HostileMode) -> HostileReply {
    var path = request.path
    var mode = serverMode
    if path.hasPrefix("/hostile/") {
      let rest = path.dropFirst("/hostile/".count)
      let name = rest.prefix { $0 != "/" }
      if let named = HostileMode(rawValue: String(name)) {
        mode = named
        path = String(rest.dropFirst(name.count))
        if path.isEmpty { path = "/" }
      }
    }
    let shape = HostileDocuments.shape(of: request, path: path)
    switch mode {
    case .wellBehaved:
      return testRoute(request, path: path) ?? dummyJSON(request, shape: shape)
    case .tooDeep, .nested, .truncated, .wrongShape, .hugeTitle, .hugeArray, .controlCharacters,
      .invalidUTF8:
      return .respond(status: 200, headers: [json], body: HostileDocuments.hostile(mode, shape))
    case .resetMidBody:
      return .resetMidBody(
        status: 200, headers: [json], body: HostileDocuments.hostile(mode, shape))
    case .neverAnswer:
      return .neverAnswer
    case .slowDrip:
      return .drip(status: 200, headers: [json], body: HostileDocuments.hostile(mode, shape))
    case .overCap:
      return .generatedChunked(
        status: 200, headers: [json], total: 33 << 20,
        chunk: Array(repeating: UInt8(ascii: " "), count: 64 * 1024))
    case .basicChallenge:
      return challenge
    }
  }

  private static let challenge = HostileReply.respond(
    status: 401, headers: [json, ("WWW-Authenticate", #"Basic realm="tether""#)],
    body: Array(#"{"message":"Authentication required"}"#.utf8))

  /// The dummyjson routes of the well-behaved service.
  private static func dummyJSON(_ request: HostileRequest, shape: HostileDocuments.Shape)
    -> HostileReply
  {
    switch (request.method, shape) {
    case ("POST", _) where request.path.hasSuffix("/add"):
      let id = HostileDocuments.postCount + 1
      return .respond(
        status: 201, headers: [json], body: Array(HostileDocuments.post(id).utf8))
    default:
      let (status, body) = HostileDocuments.wellBehaved(shape)
      return .respond(status: status, headers: [json], body: Array(body.utf8))
    }
  }

  /// The routes transport tests use, or nil for a dummyjson path.
  private static func testRoute(_ request: HostileRequest, path: String) -> HostileReply? {
    let parts = path.split(separator: "/").map(String.init)
    guard let first = parts.first else { return nil }
    switch first {
    case "echo":
      return .respond(status: 200, headers: [json], body: echo(request))
    case "redirect" where parts.count >= 2:
      guard let code = Int(parts[1]), (300...399).contains(code) else { return nil }
      let rest = parts.dropFirst(2)
      let nextIsRedirect = rest.first.flatMap(Int.init).map { (300...399).contains($0) } ?? false
      let location = "/" + ((nextIsRedirect ? ["redirect"] : []) + rest).joined(separator: "/")
      return .respond(
        status: code, headers: [("Location", location), ("Content-Type", "text/plain")],
        body: Array("redirecting to \(location)".utf8))
    case "encoded" where parts.count == 2:
      guard let body = HostileDocuments.encoded[parts[1]] else { return nil }
      return .respond(
        status: 200, headers: [json, ("Content-Encoding", parts[1]), ("Vary", "Accept-Encoding")],
        body: body)
    case "chunked":
      let count = max(1, request.query("count").flatMap(Int.init) ?? 7)
      let bytes = Array(HostileDocuments.compressible)
      let size = (bytes.count + count - 1) / count
      let chunks = stride(from: 0, to: bytes.count, by: size).map {
        Array(bytes[$0..<min($0 + size, bytes.count)])
      }
      return .chunked(status: 200, headers: [json], chunks: chunks)
    case "cookies":
      return cookies(request, action: parts.dropFirst().first)
    case "status" where parts.count == 2:
      guard let code = Int(parts[1]) else { return nil }
      return .respond(
        status: code, headers: [json], body: Array(#"{"message":"status \#(code)"}"#.utf8))
    case "hostile-message" where parts.count >= 2:
      // A status whose message retitles the window, clears the screen, colours it (C1 CSI)
      // and reverses text, should it reach a terminal raw.
      guard let code = Int(parts[1]) else { return nil }
      let message = #"\u001b]0;pwned\u0007\u001b[2Jcleared \u009b31mred\u202e desrever"#
      return .respond(
        status: code, headers: [json], body: Array(#"{"message":"\#(message)"}"#.utf8))
    case "bytes":
      let count = max(0, request.query("count").flatMap(Int.init) ?? 1024)
      if request.query("chunked") == "1" {
        let chunk = Array(repeating: UInt8(ascii: "x"), count: min(count, 64 * 1024))
        return .generatedChunked(
          status: 200, headers: [("Content-Type", "application/octet-stream")],
          total: count, chunk: chunk)
      }
      return .respond(
        status: 200, headers: [("Content-Type", "application/octet-stream")],
        body: Array(repeating: UInt8(ascii: "x"), count: count))
    case "drip":
      let count = max(1, request.query("bytes").flatMap(Int.init) ?? 10)
      return .drip(
        status: 200, headers: [("Content-Type", "text/plain")],
        body: Array(repeating: UInt8(ascii: "."), count: count))
    case "basic-auth":
      let expected = "Basic " + Data("user:pass".utf8).base64EncodedString()
      guard request.header("Authorization") == expected else { return challenge }
      return .respond(status: 200, headers: [json], body: Array(#"{"authenticated":true}"#.utf8))
    case "never":
      return .neverAnswer
    case "sse", "ndjson":
      return stream(request, jsonLines: first == "ndjson")
    case "reset":
      return .resetMidBody(
        status: 200, headers: [json], body: Array(HostileDocuments.compressible))
    case "truncated-body":
      return .raw(
        Array(
          "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nContent-Type: text/plain\r\n\r\nshort".utf8))
    default:
      return nil
    }
  }

  /// `/sse` (server-sent events) or `/ndjson`: `count` events (3) of ids after the request's
  /// `Last-Event-ID` (or 0), `{"id":…,"title":"post …"}` padded to `size` bytes of data,
  /// `interval` milliseconds apart (0), then `then` (`finish`, `stall` or `reset`).
  private static func stream(_ request: HostileRequest, jsonLines: Bool) -> HostileReply {
    let count = max(0, request.query("count").flatMap(Int.init) ?? 3)
    let first = (request.header("Last-Event-ID").flatMap(Int.init) ?? 0) + 1
    let size = request.query("size").flatMap(Int.init) ?? 0
    let frames = (first..<first + count).map { id -> [UInt8] in
      var data = #"{"id":\#(id),"title":"post \#(id)"}"#
      if data.count < size { data += String(repeating: " ", count: size - data.count) }
      return Array((jsonLines ? data + "\n" : "id: \(id)\ndata: \(data)\n\n").utf8)
    }
    let type = jsonLines ? "application/x-ndjson" : "text/event-stream"
    return .stream(
      status: 200, headers: [("Content-Type", type)], frames: frames,
      interval: .milliseconds(request.query("interval").flatMap(Int.init) ?? 0),
      end: request.query("then").flatMap(StreamEnd.init) ?? .finish)
  }

  /// `{"method":…,"target":…,"headers":{lowercased name: value},"body":…}`
  private static func echo(_ request: HostileRequest) -> [UInt8] {
    var headers: [String: String] = [:]
    for field in request.headers { headers[field.name.lowercased()] = field.value }
    let object: [String: Any] = [
      "method": request.method, "target": request.target, "headers": headers,
      "body": String(decoding: request.body, as: UTF8.self),
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    return Array(data ?? Data())
  }

  private static func cookies(_ request: HostileRequest, action: String?) -> HostileReply {
    switch action {
    case "set":
      let name = request.query("name") ?? "session"
      let value = request.query("value") ?? "1"
      return .respond(
        status: 200, headers: [json, ("Set-Cookie", "\(name)=\(value); Path=/")],
        body: Array(#"{"set":"\#(name)"}"#.utf8))
    case "delete":
      let name = request.query("name") ?? "session"
      return .respond(
        status: 200, headers: [json, ("Set-Cookie", "\(name)=; Max-Age=0; Path=/")],
        body: Array(#"{"deleted":"\#(name)"}"#.utf8))
    default:
      let cookie = request.header("Cookie") ?? ""
      let data = try? JSONSerialization.data(withJSONObject: ["cookie": cookie])
      return .respond(status: 200, headers: [json], body: Array(data ?? Data()))
    }
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

import TetherJSON

/// A response to send: status, extra header fields and a JSON body.
struct HTTPResponse: Sendable {
  var status: Int
  var headers: [(name: String, value: String)] = []
  var body: [UInt8]
}

extension HTTPResponse {
  /// A JSON response whose body `write` produces.
  init(status: Int = 200, json write: (inout JSONWriter) -> Void) {
    var writer = JSONWriter()
    write(&writer)
    self.init(status: status, body: writer.bytes)
  }

  /// `{"message": message}` with `status`.
  static func message(_ message: String, status: Int) -> HTTPResponse {
    HTTPResponse(status: status) { $0.object { $0.field("message", message) } }
  }

  /// The bytes on the wire: status line, headers (including `Content-Type`, `Content-Length`,
  /// `Date`, `X-Request-Id` and `Connection`), blank line, then the body unless `includeBody`
  /// is false (for `HEAD`). `date` is the `Date` value, `Timestamp.httpDate()` by default.
  func serialized(
    requestID: String, keepAlive: Bool, includeBody: Bool = true, date: String? = nil
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(200 + requestID.utf8.count + (includeBody ? body.count : 0))
    func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    append("HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(for: status))\r\n")
    if status == 304 {
      // No body, and no length of one (RFC 9110 §15.4.5).
    } else {
      append("Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n")
    }
    append("Date: \(date ?? Timestamp.httpDate())\r\nX-Request-Id: \(requestID)\r\n")
    append(keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n")
    for (name, value) in headers {
      append("\(name): \(value)\r\n")
    }
    append("\r\n")
    if includeBody {
      bytes.append(contentsOf: body)
    }
    return bytes
  }

  static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 502: "Bad Gateway"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    case 507: "Insufficient Storage"
    default: "Status \(status)"
    }
  }
}

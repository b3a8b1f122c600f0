/// Conditional reads (RFC 9110): every successful `GET` or `HEAD` answer carries an `ETag`, a
/// hash of its body, and a request whose `If-None-Match` names it is answered
/// `304 Not Modified` without the body.
///
/// The tag is computed from the bytes sent, so it changes exactly when the answer does: an
/// edited post, a new comment, a different page or `select`.
enum EntityTag {
  /// `response` with its `ETag`, or a `304` when `request` already has that version.
  static func applying(to response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD", response.status == 200 else {
      return response
    }
    let tag = tag(of: response.body)
    if let condition = request.header("if-none-match"), matches(condition, tag) {
      return HTTPResponse(status: 304, headers: [("ETag", tag)], body: [])
    }
    var tagged = response
    tagged.headers.append(("ETag", tag))
    return tagged
  }

  /// A strong tag: the body's 64-bit FNV-1a hash in hex, quoted.
  static func tag(of body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  /// Whether an `If-None-Match` list names `tag` (weakly: `W/` is ignored) or is `*`.
  static func matches(_ condition: String, _ tag: String) -> Bool {
    condition.split(separator: ",").contains { candidate in
      var text = Substring(candidate.drop { $0 == " " || $0 == "\t" })
      while text.last == " " || text.last == "\t" { text = text.dropLast() }
      if text == "*" { return true }
      if text.hasPrefix("W/") { text = text.dropFirst(2) }
      return text == tag
    }
  }
}

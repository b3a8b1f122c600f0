/// A complete HTTP/1.x request as received.
struct HTTPRequest: Sendable {
  /// The method token as sent (`GET`, `POST`, ...).
  var method: String
  /// The request target as sent, e.g. `/posts/search?q=love`.
  var target: String
  /// The percent-decoded path segments: `/posts/1/comments` → `["posts", "1", "comments"]`.
  var pathSegments: [String]
  /// Query items, percent-decoded with `+` as space; the first of repeated names wins.
  var query: [String: String]
  /// Header fields with lowercased names, in the order sent.
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  /// Whether the client wants the connection kept open after the response.
  var keepAlive: Bool

  /// The first value of the header `name` (give it lowercased).
  func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }
}

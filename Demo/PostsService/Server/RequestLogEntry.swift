import TetherCore

/// What the server did with one request; handed to `Configuration.requestLog`.
///
/// `description` is the one-line form `posts-server` prints:
/// `req-7 GET /posts?limit=10 200 1.3ms` or
/// `req-8 GET /posts/1 503 201.0ms faults: latency 200.0ms, failure 503`.
public struct RequestLogEntry: Sendable, Equatable, CustomStringConvertible {
  /// The `X-Request-Id` of the response.
  public var requestID: String
  /// The method, or `nil` when the request could not be parsed.
  public var method: String?
  /// The request target (path and query), or `nil` when the request could not be parsed.
  public var target: String?
  /// The status sent, or `nil` when the connection was dropped without an answer.
  public var status: Int?
  /// From a complete request to the response sent.
  public var duration: Duration
  /// The faults injected, in the order applied.
  public var faults: [InjectedFault]

  /// The target's secret query items are masked (``Redaction``).
  public var description: String {
    var line = "\(requestID) \(method ?? "-") \(target.map(Redaction.standard.url) ?? "-") "
    line += status.map(String.init) ?? "---"
    line += " " + Self.format(duration)
    if !faults.isEmpty {
      line += " faults: " + faults.map(\.description).joined(separator: ", ")
    }
    return line
  }

  /// `1.3ms`, `250.0ms`, `1.50s`.
  static func format(_ duration: Duration) -> String {
    let milliseconds = duration.milliseconds
    if milliseconds >= 1000 {
      return "\((milliseconds / 10).rounded() / 100)s"
    }
    return "\((milliseconds * 10).rounded() / 10)ms"
  }
}

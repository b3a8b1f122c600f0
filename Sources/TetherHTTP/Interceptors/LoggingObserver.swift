import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Logs every exchange — method, URL, status, duration — with secrets redacted, to a sink you
/// choose (never standard output, which a full-screen terminal UI may own).
///
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and `X-API-Key` header values
/// and API-key query items (`api_key`, `apikey`, `key`, `token`, `access_token`) are written as
/// `<redacted>`; add names of your own with the initialiser.
///
/// ```swift
/// client.observers.append(LoggingObserver { line in logStore.append(line) })
/// // → GET https://dummyjson.com/posts?limit=10&api_key=<redacted> [Authorization: <redacted>]
/// // ← 200 GET https://dummyjson.com/posts?limit=10&api_key=<redacted> 41.2 ms
/// ```
public struct LoggingObserver: HTTPObserver {
  /// Header names (any case) whose values are redacted.
  public static let defaultRedactedHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
  ]
  /// Query item names (any case) whose values are redacted.
  public static let defaultRedactedQueryItems: Set<String> = [
    "api_key", "apikey", "api-key", "key", "token", "access_token",
  ]

  private let redactedHeaders: Set<String>
  private let redactedQueryItems: Set<String>
  private let includesHeaders: Bool
  private let sink: @Sendable (String) -> Void

  /// - Parameters:
  ///   - redactingHeaders: extra header names to redact, besides the defaults.
  ///   - redactingQueryItems: extra query item names to redact, besides the defaults.
  ///   - includesHeaders: whether request and response header fields are logged too.
  ///   - sink: receives each log line, without a trailing newline.
  public init(
    redactingHeaders: Set<String> = [], redactingQueryItems: Set<String> = [],
    includesHeaders: Bool = true, sink: @escaping @Sendable (String) -> Void
  ) {
    self.redactedHeaders = Self.defaultRedactedHeaders.union(
      redactingHeaders.map { $0.lowercased() })
    self.redactedQueryItems = Self.defaultRedactedQueryItems.union(
      redactingQueryItems.map { $0.lowercased() })
    self.includesHeaders = includesHeaders
    self.sink = sink
  }

  public func willSend(_ request: URLRequest) {
    var line = "→ \(request.httpMethod ?? "GET") \(redactedURL(request.url))"
    if includesHeaders, let fields = request.allHTTPHeaderFields, !fields.isEmpty {
      line += " " + redacted(fields.map { ($0.key, $0.value) })
    }
    sink(line)
  }

  public func didFinish(_ exchange: HTTPExchange) {
    let request = "\(exchange.request.httpMethod ?? "GET") \(redactedURL(exchange.request.url))"
    let duration = String(format: "%.1f ms", exchange.duration.timeInterval * 1000)
    var line: String
    if let response = exchange.response {
      line = "← \(response.statusCode) \(request) \(duration)"
      if includesHeaders, !response.allHeaderFields.isEmpty {
        line += " " + redacted(response.allHeaderFields.map { ("\($0.key)", "\($0.value)") })
      }
    } else {
      line = "← failed \(request) \(duration)"
    }
    if let failure = exchange.failure {
      line += ": " + TextExcerpt.sanitized(failure.description)
    }
    sink(line)
  }

  /// The URL with the values of secret query items replaced.
  func redactedURL(_ url: URL?) -> String {
    guard let text = url?.absoluteString else { return "<no URL>" }
    guard let mark = text.firstIndex(of: "?") else { return text }
    let query = text[text.index(after: mark)...]
    let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
      let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      let decoded = (name.removingPercentEncoding ?? name).lowercased()
      return redactedQueryItems.contains(decoded) ? "\(name)=<redacted>" : String(item)
    }
    return text[..<mark] + "?" + items.joined(separator: "&")
  }

  private func redacted(_ fields: [(String, String)]) -> String {
    let rendered = fields.sorted { $0.0 < $1.0 }.map { name, value in
      let shown = redactedHeaders.contains(name.lowercased()) ? "<redacted>" : value
      return "\(name): \(TextExcerpt.sanitized(shown))"
    }
    return "[" + rendered.joined(separator: ", ") + "]"
  }
}

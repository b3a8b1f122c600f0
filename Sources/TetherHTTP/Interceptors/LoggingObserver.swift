import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Logs every exchange — method, URL, status, duration — with secrets redacted, to a sink you
/// choose (never standard output, which a full-screen terminal UI may own).
///
/// Redaction is TetherCore's `Redaction`, the one the devtools and an app's error lines use:
/// a URL's user and password are removed, and the values of credential headers
/// (`Authorization`, `Cookie`, `X-API-Key`, …) and of secret query items (`api_key`, `token`,
/// `password`, …) are written as `<redacted>`; give a `Redaction` of your own to hide more.
///
/// ```swift
/// client.observers.append(LoggingObserver { line in logStore.append(line) })
/// // → GET https://dummyjson.com/posts?limit=10&api_key=<redacted> [Authorization: <redacted>]
/// // ← 200 GET https://dummyjson.com/posts?limit=10&api_key=<redacted> 41.2 ms
/// ```
public struct LoggingObserver: HTTPObserver {
  private let redaction: Redaction
  private let includesHeaders: Bool
  private let sink: @Sendable (String) -> Void

  /// - Parameters:
  ///   - redaction: what to hide; the standard redaction by default.
  ///   - includesHeaders: whether request and response header fields are logged too.
  ///   - sink: receives each log line, without a trailing newline.
  public init(
    redaction: Redaction = .standard, includesHeaders: Bool = true,
    sink: @escaping @Sendable (String) -> Void
  ) {
    self.redaction = redaction
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
      line += ": " + TextExcerpt.sanitized(redaction.text(failure.description))
    }
    sink(line)
  }

  private func redactedURL(_ url: URL?) -> String {
    url.map { TextExcerpt.sanitized(redaction.url($0)) } ?? "<no URL>"
  }

  private func redacted(_ fields: [(String, String)]) -> String {
    let rendered = fields.sorted { $0.0 < $1.0 }.map { name, value in
      "\(name): \(TextExcerpt.sanitized(redaction.header(name: name, value: value)))"
    }
    return "[" + rendered.joined(separator: ", ") + "]"
  }
}

import Foundation
import TetherDiagnostics

/// A request of the network log as a `curl` command that sends it again from a shell: the
/// method, the URL, the request headers and body, each quoted for a POSIX shell. Credentials
/// were redacted when the request was logged, so they show as `<redacted>` and must be put
/// back by hand.
///
/// ```
/// curl -X PUT 'http://127.0.0.1:8080/posts/5' \
///   -H 'Content-Type: application/json' \
///   --data-raw '{"title":"New"}'
/// ```
public enum CurlCommand {
  /// The command for `record`.
  public static func of(_ record: NetworkRecord) -> String {
    let method =
      record.method != "GET" || !record.requestBody.isEmpty ? "-X \(record.method) " : ""
    var parts = ["curl " + method + quoted(record.url)]
    for header in record.requestHeaders {
      parts.append("-H " + quoted("\(header.name): \(header.value)"))
    }
    if !record.requestBody.isEmpty {
      parts.append("--data-raw " + quoted(String(decoding: record.requestBody, as: UTF8.self)))
    }
    return parts.joined(separator: " \\\n  ")
  }

  /// `text` in single quotes, each single quote inside written `'\''`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

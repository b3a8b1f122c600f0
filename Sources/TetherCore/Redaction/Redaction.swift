import Foundation

/// Hides credentials before anything is written or shown: the values of credential headers,
/// of query items and JSON members whose names say they hold a secret, and the user and
/// password of a URL.
///
/// Every path that writes or prints a URL, headers or a body uses it — TetherHTTP's
/// `LoggingObserver`, the devtools' network log, an app's error lines, cache keys — so a
/// secret hidden in one place is hidden in all.
///
/// ```swift
/// let redaction = Redaction.standard
/// redaction.header(name: "Authorization", value: "Bearer abc")   // "<redacted>"
/// redaction.url("https://me:pw@x.dev/a?token=abc&q=1")           // "https://x.dev/a?token=<redacted>&q=1"
/// redaction.body(#"{"password": "hunter2"}"#)                     // {"password": "<redacted>"}
/// redaction.text("cannot reach http://me:pw@x.dev: refused")     // "cannot reach http://x.dev: refused"
/// ```
public struct Redaction: Sendable, Hashable {
  /// What a hidden value becomes.
  public static let mask = "<redacted>"

  /// The header names, words and names every redaction hides.
  public static let standard = Redaction()

  /// Header names whose values are credentials (lowercased).
  public private(set) var credentialHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    "x-auth-token", "x-access-token", "x-csrf-token", "x-xsrf-token",
  ]

  /// Query item, header and member names that hold a secret wherever they appear in the name
  /// (`accessToken`, `client_secret`), lowercased.
  public private(set) var secretWords: [String] = [
    "token", "secret", "password", "passwd", "apikey", "api_key", "api-key", "signature",
    "session", "credential",
  ]

  /// Names that hold a secret only as a whole (`key=`, not `monkey=`), lowercased.
  public private(set) var secretNames: Set<String> = ["key", "sig", "auth", "pass", "pwd"]

  /// The standard redaction, also hiding the values of `headers` and of query items and JSON
  /// members named `names` (any case).
  public init(hidingHeaders headers: Set<String> = [], names: Set<String> = []) {
    credentialHeaders.formUnion(headers.map { $0.lowercased() })
    secretNames.formUnion(names.map { $0.lowercased() })
  }

  /// The header's value, or the mask for a credential.
  public func header(name: String, value: String) -> String {
    isSecret(name, header: true) ? Self.mask : value
  }

  /// Whether a query item, JSON member or (with `header`) a header of this name holds a
  /// secret. Percent-encoded names are decoded first.
  public func isSecret(_ name: String, header: Bool = false) -> Bool {
    let lowered = (name.removingPercentEncoding ?? name).lowercased()
    if header && credentialHeaders.contains(lowered) { return true }
    return secretNames.contains(lowered) || secretWords.contains { lowered.contains($0) }
  }

  /// `url` without its user and password, and with the values of secret query items masked;
  /// text that is not an absolute URL (a path and query) has its query masked.
  public func url(_ url: String) -> String {
    var text = url
    if let scheme = text.range(of: "://") {
      let rest = text[scheme.upperBound...]
      let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        text.replaceSubrange(scheme.upperBound...at, with: "")
      }
    }
    guard let question = text.firstIndex(of: "?") else { return text }
    let base = text[...question]
    var query = text[text.index(after: question)...]
    var fragment: Substring = ""
    if let hash = query.firstIndex(of: "#") {
      fragment = query[hash...]
      query = query[..<hash]
    }
    let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, isSecret(String(parts[0])) else { return String(item) }
      return "\(parts[0])=\(Self.mask)"
    }
    return base + items.joined(separator: "&") + fragment
  }

  /// ``url(_:)`` of `url`'s absolute string.
  public func url(_ url: URL) -> String {
    self.url(url.absoluteString)
  }
}

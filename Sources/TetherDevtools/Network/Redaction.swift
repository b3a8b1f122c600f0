/// Hides credentials before anything is logged or shown: the values of credential headers and
/// of query items whose names say they hold a secret.
///
/// ```swift
/// Redaction.header(name: "Authorization", value: "Bearer abc")   // "••••••"
/// Redaction.url("https://x.dev/a?token=abc&q=1")                  // "https://x.dev/a?token=••••••&q=1"
/// ```
public enum Redaction {
  /// What a hidden value becomes.
  public static let mask = "••••••"

  /// Header names whose values are credentials (lowercased).
  public static let credentialHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    "x-auth-token", "x-access-token", "x-csrf-token", "x-xsrf-token",
  ]

  /// Words that mark a query item or header as secret.
  static let secretWords = [
    "token", "secret", "password", "passwd", "apikey", "api_key", "api-key", "signature",
    "session", "credential",
  ]

  /// The header's value, or the mask for a credential.
  public static func header(name: String, value: String) -> String {
    isSecret(name, headers: true) ? mask : value
  }

  /// Whether a header or query item of this name holds a secret.
  public static func isSecret(_ name: String, headers: Bool = false) -> Bool {
    let lowered = name.lowercased()
    if headers && credentialHeaders.contains(lowered) { return true }
    return secretWords.contains { lowered.contains($0) }
  }

  /// The URL with the values of secret query items masked, and any user:password removed.
  public static func url(_ url: String) -> String {
    var text = url
    if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
      !text[scheme.upperBound..<at].contains("/")
    {
      text.replaceSubrange(scheme.upperBound...at, with: "")
    }
    guard let question = text.firstIndex(of: "?") else { return text }
    let base = text[...question]
    var query = String(text[text.index(after: question)...])
    var fragment = ""
    if let hash = query.firstIndex(of: "#") {
      fragment = String(query[hash...])
      query = String(query[..<hash])
    }
    let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, isSecret(String(parts[0])) else { return String(item) }
      return "\(parts[0])=\(mask)"
    }
    return base + items.joined(separator: "&") + fragment
  }
}

extension Redaction {
  /// A body's text with the string values of secret JSON members masked:
  /// `{"accessToken": "abc"}` shows as `{"accessToken": "••••••"}`.
  public static func body(_ text: String) -> String {
    guard text.contains("\"") else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scanner = text.unicodeScalars[...]
    while let quote = scanner.firstIndex(of: "\"") {
      result.unicodeScalars += scanner[..<quote]
      var rest = scanner[scanner.index(after: quote)...]
      guard let end = closingQuote(in: rest) else {
        result.unicodeScalars += scanner[quote...]
        return result
      }
      let name = String(String.UnicodeScalarView(rest[..<end]))
      result += "\"" + name + "\""
      rest = rest[rest.index(after: end)...]
      // A member name is followed by a colon; its secret string value gets masked.
      let afterSpaces = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
      if isSecret(name), afterSpaces.first == ":" {
        let valueStart = afterSpaces.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        if valueStart.first == "\"", let valueEnd = closingQuote(in: valueStart.dropFirst()) {
          result.unicodeScalars += rest[..<valueStart.startIndex]
          result += "\"" + mask + "\""
          scanner = valueStart[valueStart.index(after: valueEnd)...]
          continue
        }
      }
      scanner = rest
    }
    result.unicodeScalars += scanner
    return result
  }

  /// The index of the quote that ends a JSON string starting at `text` (after its opening
  /// quote), skipping escaped quotes.
  private static func closingQuote(in text: Substring.UnicodeScalarView) -> Substring
    .UnicodeScalarView.Index?
  {
    var index = text.startIndex
    var escaped = false
    while index < text.endIndex {
      let scalar = text[index]
      if escaped {
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "\"" {
        return index
      }
      index = text.index(after: index)
    }
    return nil
  }
}

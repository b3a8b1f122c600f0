import Foundation

/// Route patterns as fault plans use them: a path prefix matched segment by segment, where `*`
/// matches any one segment, optionally preceded by a method and optionally ending in `$` to
/// match the whole path only — `/posts`, `/posts/*/comments`, `GET /users`, `GET /posts/5$`.
///
/// The method is read in any case (`get /posts` is `GET /posts`), and a `GET` pattern also
/// matches `HEAD` requests, which are `GET`s without a body. The client's fault injector and
/// the Posts service's `/_faults` read the same patterns the same way.
public struct RouteMatcher: Sendable, Hashable {
  let method: String?
  let segments: [Substring]
  let isExact: Bool

  /// A matcher for `pattern`, or nil when it is not a pattern.
  public init?(_ pattern: String) {
    var text = Substring(pattern.trimmingCharacters(in: .whitespaces))
    var method: String?
    if let space = text.firstIndex(of: " ") {
      let word = text[..<space]
      guard !word.isEmpty, word.allSatisfy(\.isLetter) else { return nil }
      method = word.uppercased()
      text = text[text.index(after: space)...].drop { $0 == " " }
    }
    guard text.hasPrefix("/"), !text.contains(where: \.isWhitespace) else { return nil }
    isExact = text.hasSuffix("$")
    if isExact { text = text.dropLast() }
    self.method = method
    segments = text.split(separator: "/")
  }

  /// Whether `pattern` is a valid pattern.
  public static func isValid(_ pattern: String) -> Bool { RouteMatcher(pattern) != nil }

  /// Whether a request with `method` to `path` (no query) matches.
  public func matches(method: String, path: String) -> Bool {
    matches(method: method, segments: path.split(separator: "/"))
  }

  /// Whether a request with `method` to the path of `segments` (decoded, none empty) matches.
  package func matches(method: String, segments parts: [some StringProtocol]) -> Bool {
    if let expected = self.method {
      let method = method.uppercased()
      guard expected == method || (expected == "GET" && method == "HEAD") else { return false }
    }
    guard parts.count >= segments.count, !isExact || parts.count == segments.count else {
      return false
    }
    return zip(segments, parts).allSatisfy { $0 == "*" || $0 == $1 }
  }

  /// Whether any of `patterns` matches; `whenEmpty` when there are none.
  public static func matches(
    _ patterns: [String], method: String, path: String, whenEmpty: Bool
  ) -> Bool {
    matches(patterns, method: method, segments: path.split(separator: "/"), whenEmpty: whenEmpty)
  }

  /// Whether any of `patterns` matches the path of `segments`; `whenEmpty` when there are none.
  package static func matches(
    _ patterns: [String], method: String, segments: [some StringProtocol], whenEmpty: Bool
  ) -> Bool {
    guard !patterns.isEmpty else { return whenEmpty }
    return patterns.contains {
      RouteMatcher($0)?.matches(method: method, segments: segments) ?? false
    }
  }
}

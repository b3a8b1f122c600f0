import Foundation

/// Where a request goes: a path relative to the client's base URL, or a full URL.
///
/// A string literal (or interpolation) is a path, so `"posts/\(id)"` works wherever a target is
/// expected. A leading slash is optional: the path is always appended to the base URL's path.
public enum RequestTarget: Sendable, Hashable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// A path appended to the base URL's path (`"posts/1"` or `"/posts/1"`).
  case path(String)
  /// A full URL; the base URL is ignored.
  case url(URL)

  public init(stringLiteral value: String) { self = .path(value) }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self = .path(String(stringInterpolation: stringInterpolation))
  }

  public var description: String {
    switch self {
    case .path(let path): path
    case .url(let url): url.absoluteString
    }
  }
}

import Foundation
import TetherJSON

/// What a client adds to every request unless the endpoint says otherwise.
///
/// ```swift
/// var defaults = RequestDefaults()
/// defaults.headers["Accept"] = "application/json"
/// defaults.queryItems = [URLQueryItem(name: "api_key", value: key)]
/// defaults.timeouts = .interactive
/// ```
public struct RequestDefaults: Sendable {
  /// Header fields sent with every request; an endpoint's field of the same name wins.
  public var headers: HTTPHeaders
  /// Query items sent with every request; an endpoint's items of the same name replace them.
  public var queryItems: [URLQueryItem]
  /// Connect, idle and total timeouts; an endpoint's `timeout` replaces the total.
  public var timeouts: HTTPTimeouts
  /// The largest response body accepted, in bytes, enforced while it is received; an endpoint's
  /// `maximumResponseSize` wins. 32 MiB by default.
  public var maximumResponseSize: Int
  /// The limits every body is checked against before any parser sees it; an endpoint's
  /// `jsonLimits` win.
  public var jsonLimits: JSONLimits

  /// What every request of a client gets unless its endpoint says otherwise.
  public init(
    headers: HTTPHeaders = [:], queryItems: [URLQueryItem] = [],
    timeouts: HTTPTimeouts = HTTPTimeouts(), maximumResponseSize: Int = 32 << 20,
    jsonLimits: JSONLimits = .default
  ) {
    self.headers = headers
    self.queryItems = queryItems
    self.timeouts = timeouts
    self.maximumResponseSize = maximumResponseSize
    self.jsonLimits = jsonLimits
  }
}

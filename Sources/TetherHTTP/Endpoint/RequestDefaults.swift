import Foundation

/// What a client adds to every request unless the endpoint says otherwise.
///
/// ```swift
/// var defaults = RequestDefaults()
/// defaults.headers["Accept"] = "application/json"
/// defaults.queryItems = [URLQueryItem(name: "api_key", value: key)]
/// ```
public struct RequestDefaults: Sendable {
  /// Header fields sent with every request; an endpoint's field of the same name wins.
  public var headers: HTTPHeaders
  /// Query items sent with every request; an endpoint's items of the same name replace them.
  public var queryItems: [URLQueryItem]
  /// The timeout of endpoints that do not set their own.
  public var timeout: Duration

  public init(
    headers: HTTPHeaders = [:], queryItems: [URLQueryItem] = [], timeout: Duration = .seconds(60)
  ) {
    self.headers = headers
    self.queryItems = queryItems
    self.timeout = timeout
  }
}

import Foundation
import TetherCore

extension Endpoint {
  /// The operation path an endpoint gets when it becomes a query: its method, its path
  /// segments (a full URL's host first), then `name=value` for each query item, in order.
  ///
  /// ```swift
  /// Endpoint<Post>(.get, "posts/1").operationPath                 // ["GET", "posts", "1"]
  /// Endpoint<PostsPage>(.get, "posts/search",
  ///   query: [URLQueryItem(name: "q", value: "love")]).operationPath
  ///                                                  // ["GET", "posts", "search", "q=love"]
  /// ```
  ///
  /// Paths go from general to specific, so `client.invalidate(matching: ["GET", "posts"])`
  /// reaches every query of a `posts/…` endpoint.
  public var operationPath: OperationPath {
    var elements: [any Hashable & Sendable] = [method.rawValue]
    var items: [URLQueryItem] = []
    switch target {
    case .path(let path):
      elements += path.split(separator: "/").map(String.init)
    case .url(let url):
      elements.append(url.host ?? "")
      elements += url.path.split(separator: "/").map(String.init)
      items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }
    for item in items + queryItems {
      elements.append(item.value.map { "\(item.name)=\($0)" } ?? item.name)
    }
    return OperationPath(elements)
  }
}

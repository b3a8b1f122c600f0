/// A parsed entry of `FaultSettings.routes`: an optional method and a path prefix whose `*`
/// segments match any one segment.
struct RoutePattern: Equatable {
  var method: String?
  var segments: [String]

  init?(_ text: String) {
    let parts = text.split(separator: " ", omittingEmptySubsequences: true)
    guard let path = parts.last, path.hasPrefix("/"), parts.count <= 2 else { return nil }
    method = parts.count == 2 ? parts[0].uppercased() : nil
    segments = path.split(separator: "/").map(String.init)
  }

  func matches(method requestMethod: String, pathSegments: [String]) -> Bool {
    if let method, method != requestMethod { return false }
    guard segments.count <= pathSegments.count else { return false }
    return zip(segments, pathSegments).allSatisfy { $0 == "*" || $0 == $1 }
  }
}

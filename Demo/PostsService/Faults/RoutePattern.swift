/// A parsed entry of `FaultSettings.routes`: an optional method and a path prefix whose `*`
/// segments match any one segment; a trailing `$` makes it match the whole path only.
struct RoutePattern: Equatable {
  var method: String?
  var segments: [String]
  var matchesWholePath: Bool

  init?(_ text: String) {
    let parts = text.split(separator: " ", omittingEmptySubsequences: true)
    guard var path = parts.last, path.hasPrefix("/"), parts.count <= 2 else { return nil }
    matchesWholePath = path.hasSuffix("$")
    if matchesWholePath { path = path.dropLast() }
    method = parts.count == 2 ? parts[0].uppercased() : nil
    segments = path.split(separator: "/").map(String.init)
  }

  func matches(method requestMethod: String, pathSegments: [String]) -> Bool {
    if let method, method != requestMethod, !(method == "GET" && requestMethod == "HEAD") {
      return false
    }
    guard
      matchesWholePath
        ? segments.count == pathSegments.count : segments.count <= pathSegments.count
    else { return false }
    return zip(segments, pathSegments).allSatisfy { $0 == "*" || $0 == $1 }
  }
}

/// The API's routes, recognised from path segments, and the methods each accepts.
enum Route: Equatable {
  case posts
  case search
  case tags
  case tagList
  case postsWithTag(String)
  case postsByUser(String)
  case addPost
  case post(String)
  case comments(postID: String)
  case user(String)
  case faults

  /// The path of the fault control route, which faults never affect.
  static let faultsPath = "_faults"

  init?(pathSegments segments: [String]) {
    switch (segments.count, segments.first) {
    case (1, "posts"): self = .posts
    case (1, Self.faultsPath): self = .faults
    case (2, "posts"):
      switch segments[1] {
      case "search": self = .search
      case "tags": self = .tags
      case "tag-list": self = .tagList
      case "add": self = .addPost
      default: self = .post(segments[1])
      }
    case (2, "users"): self = .user(segments[1])
    case (3, "posts") where segments[1] == "tag": self = .postsWithTag(segments[2])
    case (3, "posts") where segments[1] == "user": self = .postsByUser(segments[2])
    case (3, "posts") where segments[2] == "comments": self = .comments(postID: segments[1])
    default: return nil
    }
  }

  /// The methods the route accepts; `HEAD` goes with `GET`.
  var allowedMethods: [String] {
    switch self {
    case .addPost: ["POST"]
    case .post: ["GET", "HEAD", "PUT", "PATCH", "DELETE"]
    case .faults: ["GET", "HEAD", "PUT"]
    default: ["GET", "HEAD"]
    }
  }
}

/// The API's routes, recognised from path segments, and the methods each accepts.
enum Route: Equatable {
  case posts
  case searchPosts
  case tags
  case tagList
  case addPost
  case postsWithTag(String)
  case postsByUser(String)
  case post(String)
  /// `GET /posts/changes`: the change stream (the server's event loop serves it).
  case postChanges
  case postComments(String)
  case comments
  case addComment
  case commentsOfPost(String)
  case comment(String)
  case users
  case searchUsers
  case user(String)
  case userPosts(String)
  case faults
  case uploads

  /// The path of the fault control route, which faults never affect.
  static let faultsPath = "_faults"

  init?(pathSegments segments: [String]) {
    guard let resource = segments.first else { return nil }
    let rest = Array(segments.dropFirst())
    switch resource {
    case "posts": self.init(posts: rest)
    case "comments": self.init(comments: rest)
    case "users": self.init(users: rest)
    case "uploads" where rest.isEmpty: self = .uploads
    case Self.faultsPath where rest.isEmpty: self = .faults
    default: return nil
    }
  }

  private init?(posts rest: [String]) {
    switch rest.count {
    case 0: self = .posts
    case 1:
      switch rest[0] {
      case "search": self = .searchPosts
      case "tags": self = .tags
      case "tag-list": self = .tagList
      case "add": self = .addPost
      case "changes": self = .postChanges
      default: self = .post(rest[0])
      }
    case 2 where rest[0] == "tag": self = .postsWithTag(rest[1])
    case 2 where rest[0] == "user": self = .postsByUser(rest[1])
    case 2 where rest[1] == "comments": self = .postComments(rest[0])
    default: return nil
    }
  }

  private init?(comments rest: [String]) {
    switch rest.count {
    case 0: self = .comments
    case 1: self = rest[0] == "add" ? .addComment : .comment(rest[0])
    case 2 where rest[0] == "post": self = .commentsOfPost(rest[1])
    default: return nil
    }
  }

  private init?(users rest: [String]) {
    switch rest.count {
    case 0: self = .users
    case 1: self = rest[0] == "search" ? .searchUsers : .user(rest[0])
    case 2 where rest[1] == "posts": self = .userPosts(rest[0])
    default: return nil
    }
  }

  /// The methods the route accepts; `HEAD` goes with `GET`.
  var allowedMethods: [String] {
    switch self {
    case .addPost, .addComment, .uploads: ["POST"]
    case .post, .comment: ["GET", "HEAD", "PUT", "PATCH", "DELETE"]
    case .faults: ["GET", "HEAD", "PUT"]
    default: ["GET", "HEAD"]
    }
  }
}

import Glibc

/// Why the server could not start.
public struct PostsServerError: Error, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }

  static func system(_ call: String, errno code: Int32) -> PostsServerError {
    PostsServerError("\(call) failed: \(String(cString: strerror(code)))")
  }
}

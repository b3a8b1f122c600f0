import Glibc

/// A file-system call that failed, or a file or folder refused as unsafe to use, in words:
/// `cannot open /tmp/x.log: it is a symbolic link`.
public struct SystemError: Error, Equatable, CustomStringConvertible {
  /// What was being done: `open`, `create the folder`.
  public var operation: String
  public var path: String
  /// Why, in words: the C library's for an `errno`, or the check that refused it.
  public var reason: String
  /// The `errno` of a failed call; nil for a refusal.
  public var code: Int32?

  /// A failure of `operation` on `path`, with the reason and, for a failed call, its `errno`.
  public init(_ operation: String, _ path: String, reason: String, code: Int32? = nil) {
    self.operation = operation
    self.path = path
    self.reason = reason
    self.code = code
  }

  /// The failure of a call that set `errno` to `code`; a link met by `O_NOFOLLOW` (`ELOOP`)
  /// says so.
  public init(_ operation: String, _ path: String, errno code: Int32) {
    let reason = code == ELOOP ? "it is a symbolic link" : String(cString: strerror(code))
    self.init(operation, path, reason: reason, code: code)
  }

  public var description: String { "cannot \(operation) \(path): \(reason)" }
}

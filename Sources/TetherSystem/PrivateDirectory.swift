import Glibc

/// Folders only this user can enter: made with mode 0700, never through a symbolic link, and
/// checked to be ours before anything is put in them.
///
/// ```swift
/// try PrivateDirectory.make("/home/u/.cache/tether")          // missing parents too, 0700 each
/// let change = try PrivateDirectory.claim("/home/u/.local/state/tether/exports")
/// if let change { print(change) }   // "… was open to other users (0755); it is now 0700"
/// let scratch = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "tether-exports-")
/// ```
public enum PrivateDirectory {
  /// Makes `path` and its missing parents, each 0700 whatever the umask. Folders that exist
  /// are left as they are (a user's own `--cache /tmp/x.sqlite` does not change `/tmp`), but
  /// the last must be a directory.
  public static func make(_ path: String) throws(SystemError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) == 0 {
        // The umask may have taken bits 0700 needs; it never adds any.
        guard chmod(prefix, 0o700) == 0 else {
          throw SystemError("create the folder", prefix, errno: errno)
        }
      } else if errno != EEXIST {
        throw SystemError("create the folder", prefix, errno: errno)
      }
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw SystemError("create the folder", path, errno: errno)
    }
    guard status.st_mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
      throw SystemError("create the folder", path, reason: "something else is in its place")
    }
  }

  /// Makes or checks a folder that belongs to Tether alone (its exports, its sockets): made
  /// 0700 with its missing parents; when it exists, it must be a directory — not a symbolic
  /// link — owned by this user, and looser modes are tightened to 0700 (returned, to say so).
  ///
  /// Another user who made it first, or a link planted in its place, makes this throw: it is
  /// never used.
  @discardableResult
  public static func claim(_ path: String) throws(SystemError) -> ModeChange? {
    if try FileStatus(linkAt: path) == nil {
      try make(path)
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOTDIR, try FileStatus(linkAt: path)?.isSymbolicLink == true {
        throw SystemError("use the folder", path, reason: "it is a symbolic link")
      }
      throw SystemError("use the folder", path, errno: errno)
    }
    defer { close(descriptor) }
    let status = try FileStatus(descriptor: descriptor, path: path)
    guard status.isOurs else {
      throw SystemError("use the folder", path, reason: "it belongs to another user")
    }
    guard status.permissions & 0o077 != 0 else { return nil }
    guard fchmod(descriptor, 0o700) == 0 else {
      throw SystemError("tighten the folder", path, errno: errno)
    }
    return ModeChange(path: path, previous: status.permissions, current: 0o700)
  }

  /// A new folder of its own in `parent` (`mkdtemp`: a random name, made 0700, that nobody
  /// else can have made first); returns its path.
  public static func makeTemporary(in parent: String, prefix: String) throws(SystemError)
    -> String
  {
    var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let made else { throw SystemError("create a folder in", parent, errno: errno) }
    // mkdtemp's 0700 goes through the umask, which may have taken bits the folder needs.
    guard chmod(made, 0o700) == 0 else {
      let failure = errno
      rmdir(made)
      throw SystemError("create a folder in", parent, errno: failure)
    }
    return made
  }
}

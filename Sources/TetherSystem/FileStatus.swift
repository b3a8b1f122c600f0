import Glibc

/// What `fstat`/`lstat` say about a file, as much as the checks need.
struct FileStatus {
  var mode: UInt32
  var owner: UInt32

  var permissions: UInt32 { mode & 0o7777 }
  var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
  var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
  var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
  /// Whether this process's user owns it.
  var isOurs: Bool { owner == geteuid() }

  /// The status of the open `descriptor`.
  init(descriptor: Int32, path: String) throws(SystemError) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw SystemError("stat", path, errno: errno) }
    mode = status.st_mode
    owner = status.st_uid
  }

  /// The status of `path` itself (a link is not followed); nil when nothing is there.
  init?(linkAt path: String) throws(SystemError) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw SystemError("stat", path, errno: errno)
    }
    mode = status.st_mode
    owner = status.st_uid
  }
}

import Glibc

/// Files only this user can read: made with mode 0600, opened without following a symbolic
/// link a stranger could have planted in their place, checked to be a regular file of ours,
/// and tightened when an older one let others in (0644 becomes 0600).
///
/// ```swift
/// let log = try PrivateFile.open("/tmp/posts.log", .append)
/// if let change = log.modeChange { print(change) }   // was 0644, now 0600
/// write(log.descriptor, …)
/// ```
public enum PrivateFile {
  /// How to open the file.
  public enum Access: Sendable {
    /// Write at its end, creating it if missing (logs).
    case append
    /// Read and write, creating it if missing; nothing is truncated (databases).
    case readWrite
    /// Create it; fail if anything is there already (exports, with a fresh name).
    case createNew
  }

  /// An open file descriptor, and the tightening its opening did.
  public struct Opened: Sendable {
    /// The descriptor, close-on-exec; the caller closes it.
    public let descriptor: Int32
    /// The looser mode the file had, now tightened; nil when it was private already or is new.
    public let modeChange: ModeChange?
  }

  /// Opens `path` as `access` says, never through a symbolic link; the file must be a regular
  /// file owned by this user. A new file is made 0600 (less if the umask says so); an existing
  /// one its group or other users may use is tightened (0644 to 0600).
  public static func open(_ path: String, _ access: Access) throws(SystemError) -> Opened {
    // Non-blocking only while it opens: a FIFO planted in its place must not hang the caller.
    var flags = O_CLOEXEC | O_NOFOLLOW | O_CREAT | O_NOCTTY | O_NONBLOCK
    switch access {
    case .append: flags |= O_WRONLY | O_APPEND
    case .readWrite: flags |= O_RDWR
    case .createNew: flags |= O_WRONLY | O_EXCL
    }
    let descriptor = Glibc.open(path, flags, 0o600)
    guard descriptor >= 0 else { throw SystemError("open", path, errno: errno) }
    do {
      let change = try secure(descriptor, path: path)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      return Opened(descriptor: descriptor, modeChange: change)
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// Writes `bytes` to a new file at `path` (0600, failing with `EEXIST` when anything is
  /// there, a link included): an export, a recording.
  public static func write(_ bytes: some Collection<UInt8>, toNew path: String) throws(SystemError)
  {
    let opened = try open(path, .createNew)
    defer { close(opened.descriptor) }
    let bytes = Array(bytes)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(opened.descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw SystemError("write", path, errno: errno) }
      offset += written
    }
  }

  /// Tightens the file at `path`, when there is one, as ``open(_:_:)`` does, without following
  /// a link (a database's `-wal` and `-shm` files, which SQLite makes with its database's mode).
  @discardableResult
  public static func tighten(_ path: String) throws(SystemError) -> ModeChange? {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw SystemError("open", path, errno: errno)
    }
    defer { close(descriptor) }
    return try secure(descriptor, path: path)
  }

  /// Reads a small file holding a secret (a password, a token): it must be a regular file of
  /// this user's that no one else can read (`chmod 600`), as ssh asks of a private key.
  /// Returns its text, or throws.
  public static func readSecret(_ path: String, limit: Int = 4096) throws(SystemError) -> String {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw SystemError("read", path, errno: errno) }
    defer { close(descriptor) }
    let status = try FileStatus(descriptor: descriptor, path: path)
    guard status.isRegularFile else {
      throw SystemError("read", path, reason: "it is not a regular file")
    }
    guard status.isOurs else {
      throw SystemError("read", path, reason: "it belongs to another user")
    }
    guard status.permissions & 0o077 == 0 else {
      throw SystemError(
        "use", path,
        reason: "other users can read it (\(ModeChange.octal(status.permissions))); chmod 600 it")
    }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { throw SystemError("read", path, errno: errno) }
      if read == 0 { break }
      count += read
    }
    guard count <= limit else {
      throw SystemError("read", path, reason: "it is longer than \(limit) bytes")
    }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }

  /// Checks the open file is a regular file of ours and takes every permission of its group
  /// and of other users away (0644 becomes 0600; a stricter 0400 stays).
  private static func secure(_ descriptor: Int32, path: String) throws(SystemError) -> ModeChange? {
    let status = try FileStatus(descriptor: descriptor, path: path)
    guard status.isRegularFile else {
      throw SystemError("use", path, reason: "it is not a regular file")
    }
    guard status.isOurs else {
      throw SystemError("use", path, reason: "it belongs to another user")
    }
    guard status.permissions & 0o077 != 0 else { return nil }
    let tightened = status.permissions & 0o700
    guard fchmod(descriptor, mode_t(tightened)) == 0 else {
      throw SystemError("tighten", path, errno: errno)
    }
    return ModeChange(path: path, previous: status.permissions, current: tightened)
  }
}

import Glibc

/// Unix-domain stream sockets only this user can reach: a listener made 0600 in a folder of
/// ours (see ``SocketFolder``), connections whose peer's user is read from the kernel
/// (`SO_PEERCRED`), never TCP.
///
/// ```swift
/// let folder = try SocketFolder.claim()
/// let listener = try LocalSocket.listen(at: folder + "/\(getpid()).sock")
/// if let connection = try LocalSocket.accept(listener.descriptor) {
///   guard try LocalSocket.peer(of: connection).user == geteuid() else { close(connection); … }
/// }
/// ```
public enum LocalSocket {
  /// The longest path a socket address holds (`sun_path` less its terminating zero).
  public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// A listening socket and the file it made; ``Listener/close()`` removes the file.
  public final class Listener: Sendable {
    public let descriptor: Int32
    public let path: String
    /// The socket file's inode, to remove that file only.
    private let inode: UInt

    init(descriptor: Int32, path: String, inode: UInt) {
      self.descriptor = descriptor
      self.path = path
      self.inode = inode
    }

    /// Stops listening and removes the socket's file (when it is still the one it made: a
    /// later listener at the same path is left alone). Call it once. The socket is shut down
    /// before it is closed, so it refuses connections at once even while a child forked by another
    /// thread (between its fork and its exec) still holds a copy of the descriptor.
    public func close() {
      var status = stat()
      if lstat(path, &status) == 0, UInt(status.st_ino) == inode {
        unlink(path)
      }
      _ = shutdown(descriptor, Int32(SHUT_RDWR))
      _ = Glibc.close(descriptor)
    }
  }

  /// Who is on the other side of a connection, as the kernel saw it when it connected.
  public struct Peer: Sendable, Hashable {
    public var process: Int32
    public var user: UInt32
    public var group: UInt32
  }

  /// Listens at `path`, non-blocking and close-on-exec. The socket file is made 0600 right
  /// after `bind`, in a folder that should be 0700 and ours, so no other user can reach it in
  /// between (and a connection's ``peer(of:)`` says who connected). The umask is left alone:
  /// it belongs to the whole process, and narrowing it here would take bits from the files and
  /// folders other threads make meanwhile. A stale socket left at `path` by a process that is
  /// gone is replaced; one something still listens on is not.
  public static func listen(at path: String, backlog: Int32 = 64) throws(SystemError) -> Listener {
    var address = try address(of: path)
    if let status = try FileStatus(linkAt: path) {
      guard status.mode & UInt32(S_IFMT) == UInt32(S_IFSOCK), status.isOurs else {
        throw SystemError("listen at", path, reason: "something else is in its place")
      }
      guard isStale(path) else {
        throw SystemError("listen at", path, reason: "another process listens there")
      }
      unlink(path)
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SystemError("create a socket for", path, errno: errno) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    let bindError = errno
    guard bound == 0 else {
      Glibc.close(descriptor)
      throw SystemError("listen at", path, errno: bindError)
    }
    guard chmod(path, 0o600) == 0, Glibc.listen(descriptor, backlog) == 0 else {
      let failure = errno
      unlink(path)
      Glibc.close(descriptor)
      throw SystemError("listen at", path, errno: failure)
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var status = stat()
    _ = lstat(path, &status)
    return Listener(descriptor: descriptor, path: path, inode: UInt(status.st_ino))
  }

  /// The next connection waiting on `listener` (close-on-exec, blocking), or nil when none
  /// waits.
  public static func accept(_ listener: Int32) throws(SystemError) -> Int32? {
    while true {
      let descriptor = Glibc.accept(listener, nil, nil)
      if descriptor >= 0 {
        // accept4 is not imported; nothing is exec'd between these two calls by this code.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // The listener is non-blocking; a connection made from it must not be.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK, ECONNABORTED: return nil
      default: throw SystemError("accept a connection on", "socket", errno: errno)
      }
    }
  }

  /// Connects to the socket at `path` (close-on-exec, blocking).
  public static func connect(to path: String) throws(SystemError) -> Int32 {
    var address = try address(of: path)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SystemError("create a socket for", path, errno: errno) }
    while true {
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if connected == 0 { return descriptor }
      if errno == EINTR { continue }
      let failure = errno
      Glibc.close(descriptor)
      throw SystemError("connect to", path, errno: failure)
    }
  }

  /// The process, user and group on the other side of `descriptor` (`SO_PEERCRED`).
  public static func peer(of descriptor: Int32) throws(SystemError) -> Peer {
    // `struct ucred` is not imported from Glibc: pid, uid, gid, in that order.
    var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
      throw SystemError("read the peer of", "socket", errno: errno)
    }
    return Peer(process: credentials.0, user: credentials.1, group: credentials.2)
  }

  /// Whether nothing listens on the socket at `path` any more (its process is gone): a
  /// connection is refused. A path that is not a socket is not stale.
  public static func isStale(_ path: String) -> Bool {
    do {
      let descriptor = try connect(to: path)
      Glibc.close(descriptor)
      return false
    } catch {
      return error.code == ECONNREFUSED
    }
  }

  private static func address(of path: String) throws(SystemError) -> sockaddr_un {
    let bytes = Array(path.utf8)
    guard bytes.count <= maximumPathLength else {
      throw SystemError(
        "use the socket", path, reason: "its path is longer than \(maximumPathLength) bytes")
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
      buffer[bytes.count] = 0
    }
    return address
  }
}

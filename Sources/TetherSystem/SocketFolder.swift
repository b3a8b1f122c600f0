import Glibc

/// The folder where this user's Tether processes put their inspector sockets:
/// `$XDG_RUNTIME_DIR/tether`, or `/tmp/tether-<uid>` when that is unset — 0700, owned by
/// this user, not a symbolic link (another user who made it first, or a link planted in its
/// place, makes ``claim(environment:)`` throw).
public enum SocketFolder {
  /// The folder's path for `environment` (the process's own by default).
  public static func path(environment: [String: String] = ProcessEnvironment.current) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      return runtime + "/tether"
    }
    return "/tmp/tether-\(geteuid())"
  }

  /// Makes or checks the folder (see ``PrivateDirectory/claim(_:)``) and returns its path.
  @discardableResult
  public static func claim(environment: [String: String] = ProcessEnvironment.current)
    throws(SystemError) -> String
  {
    let folder = path(environment: environment)
    try PrivateDirectory.claim(folder)
    return folder
  }

  /// The socket of process `process` in `folder`: `<folder>/<pid>.sock`.
  public static func socket(of process: Int32, in folder: String) -> String {
    "\(folder)/\(process).sock"
  }

  /// The sockets in `folder`, with the process id their name holds, ascending; nothing when
  /// the folder is missing.
  public static func sockets(in folder: String) -> [(process: Int32, path: String)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [(process: Int32, path: String)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasSuffix(".sock"), let process = Int32(name.dropLast(5)), process > 0 else {
        continue
      }
      found.append((process, folder + "/" + name))
    }
    return found.sorted { $0.process < $1.process }
  }

  /// Removes the sockets in `folder` nothing listens on any more (their process exited
  /// without removing them); returns their paths.
  @discardableResult
  public static func removeStale(in folder: String) -> [String] {
    var removed: [String] = []
    for socket in sockets(in: folder) where LocalSocket.isStale(socket.path) {
      if unlink(socket.path) == 0 { removed.append(socket.path) }
    }
    return removed
  }
}

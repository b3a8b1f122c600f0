import Foundation
import Glibc
import TetherSystem

/// A diagnostics log file, the only place the toolkit writes to while the screen is active
/// (standard output and error are redirected to it, or to `/dev/null` without one).
///
/// The file is its user's alone: made 0600, never opened through a symbolic link planted in
/// its place, refused when another user owns it, and tightened when an older one let others
/// read it (``notice`` says so, once).
///
/// ```swift
/// let log = try TerminalLog(path: "/tmp/posts.log")
/// log.write("page 2 loaded")
/// ```
public final class TerminalLog: Sendable {
  let descriptor: Int32
  /// What opening the file changed, to tell the user once: `/tmp/posts.log was open to other
  /// users (0644); it is now 0600`. Nil when nothing did.
  public let notice: String?

  /// Opens (creating or appending to) the file at `path`.
  public init(path: String) throws(TerminalError) {
    let opened: PrivateFile.Opened
    do {
      opened = try PrivateFile.open(path, .append)
    } catch {
      throw TerminalError.file(error.description)
    }
    descriptor = opened.descriptor
    notice = opened.modeChange?.description
    if let notice { write(notice) }
  }

  deinit { close(descriptor) }

  /// Appends one timestamped line; safe from any thread.
  public func write(_ message: String) {
    let line = "\(Date().ISO8601Format()) \(message)\n"
    var bytes = Array(line.utf8)
    _ = Glibc.write(descriptor, &bytes, bytes.count)
  }
}

import Foundation
import Glibc

/// A diagnostics log file, the only place the toolkit writes to while the screen is active
/// (standard output and error are redirected to it, or to `/dev/null` without one).
///
/// ```swift
/// let log = try TerminalLog(path: "/tmp/posts.log")
/// log.write("page 2 loaded")
/// ```
public final class TerminalLog: Sendable {
  let descriptor: Int32

  /// Opens (creating or appending to) the file at `path`.
  public init(path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw TerminalError.system("open \(path)", errno) }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Appends one timestamped line; safe from any thread.
  public func write(_ message: String) {
    let line = "\(Date().ISO8601Format()) \(message)\n"
    var bytes = Array(line.utf8)
    _ = Glibc.write(descriptor, &bytes, bytes.count)
  }
}

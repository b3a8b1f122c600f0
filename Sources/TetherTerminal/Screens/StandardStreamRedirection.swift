import Glibc

/// Sends standard output and error elsewhere while the screen is active, when they are the
/// terminal being drawn on, so a stray `print` cannot scribble over the screen.
struct StandardStreamRedirection {
  private var saved: [(stream: Int32, copy: Int32)] = []

  /// Redirects each standard stream that is the same terminal as `terminal` to `target`
  /// (`/dev/null` when nil).
  mutating func redirect(toMatch terminal: Int32, target: Int32?) {
    guard saved.isEmpty else { return }
    fflush(nil)
    let destination = target ?? open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { if target == nil { close(destination) } }
    for stream in [STDOUT_FILENO, STDERR_FILENO] where Self.isSameTerminal(stream, terminal) {
      let copy = dup(stream)
      guard copy >= 0 else { continue }
      dup2(destination, stream)
      saved.append((stream, copy))
    }
  }

  /// Puts the streams back.
  mutating func restore() {
    fflush(nil)
    for (stream, copy) in saved {
      dup2(copy, stream)
      close(copy)
    }
    saved.removeAll()
  }

  private static func isSameTerminal(_ first: Int32, _ second: Int32) -> Bool {
    guard isatty(first) == 1 else { return false }
    var a = stat()
    var b = stat()
    guard fstat(first, &a) == 0, fstat(second, &b) == 0 else { return false }
    return a.st_rdev == b.st_rdev
  }
}

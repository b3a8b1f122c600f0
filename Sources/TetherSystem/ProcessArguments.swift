import Glibc

/// The process's own command line, as other users see it in `ps` and `/proc/PID/cmdline`.
public enum ProcessArguments {
  /// Overwrites every occurrence of `secret` in the process's arguments with `*`, in place, so
  /// that `ps` stops showing it (as `mysql -p` does). Read the arguments first: afterwards
  /// `CommandLine.arguments` shows the stars too. Until this runs, the secret was visible:
  /// prefer ways of giving secrets that are never in the arguments.
  public static func conceal(_ secret: String) {
    let pattern = Array(secret.utf8)
    guard !pattern.isEmpty else { return }
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let length = strlen(argument)
      let bytes = UnsafeMutableRawPointer(argument).assumingMemoryBound(to: UInt8.self)
      var start = 0
      while start + pattern.count <= length {
        if (0..<pattern.count).allSatisfy({ bytes[start + $0] == pattern[$0] }) {
          for offset in 0..<pattern.count { bytes[start + offset] = UInt8(ascii: "*") }
          start += pattern.count
        } else {
          start += 1
        }
      }
    }
  }
}

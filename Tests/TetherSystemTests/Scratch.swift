import Glibc
import TetherSystem

/// A private folder of its own for one test, removed afterwards.
final class Scratch {
  let path: String

  init() throws {
    umask(0o022)
    path = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "tether-system-tests-")
  }

  deinit {
    var status = stat()
    if lstat(path, &status) == 0 { _ = system("rm -rf '\(path)'") }
  }

  func file(_ name: String) -> String { path + "/" + name }

  /// The permission bits of `path` (links not followed).
  static func mode(_ path: String) -> UInt32? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  static func write(_ text: String, to path: String, mode: mode_t = 0o644) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(descriptor >= 0, "cannot write \(path)")
    _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
    fchmod(descriptor, mode)
    close(descriptor)
  }

  static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
  }

  /// Hands `path` to nobody, as if another user had made it (root only).
  static func giveAway(_ path: String) {
    precondition(lchown(path, 65_534, 65_534) == 0, "cannot chown \(path)")
  }

  static let isRoot = geteuid() == 0
}

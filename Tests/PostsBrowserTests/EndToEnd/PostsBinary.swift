import Foundation
import Testing

/// The built `posts` executable.
enum PostsBinary {
  /// `posts` from the build directory that holds this test binary.
  static func path() throws -> String {
    let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = tests.deletingLastPathComponent()
    // The test binary may sit inside an .xctest bundle directory.
    while directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
    let binary = directory.appendingPathComponent("posts").path
    try #require(
      FileManager.default.isExecutableFile(atPath: binary),
      "posts is not built next to the tests at \(binary); run `swift build` first")
    return binary
  }
}

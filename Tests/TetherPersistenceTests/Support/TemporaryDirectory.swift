import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is
/// released; every test writes its cache files here, never to the user's cache.
final class TemporaryDirectory: Sendable {
  let url: URL

  init(_ name: String = "tether-persistence") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// `name` inside the directory.
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The names in the directory, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

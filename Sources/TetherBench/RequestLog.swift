import Foundation

/// The request log `posts --log FILE` writes, read back to learn which pages, posts and users
/// have arrived: one line per response, such as
/// `← 200 GET http://127.0.0.1:40123/posts/250 0.7 ms [headers]`.
final class RequestLog {
  /// What the successful responses so far have brought.
  struct Status {
    /// Pages of the feed (`/posts?…`).
    var loadedPages = 0
    /// Ids of single posts (`/posts/ID`).
    var loadedPosts: Set<Int> = []
    /// Users (`/users/ID`), counted per response.
    var loadedUsers = 0
  }

  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("tether-bench-posts-\(getpid())-\(UUID().uuidString).log").path

  func status() throws -> Status {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var status = Status()
    for line in text.split(separator: "\n") {
      guard let range = line.range(of: "← 200 GET ") else { continue }
      let address = line[range.upperBound...].prefix { $0 != " " }
      guard let url = URL(string: String(address)) else { continue }
      let parts = url.path.split(separator: "/")
      switch (parts.first, parts.count) {
      case ("posts", 1): status.loadedPages += 1
      case ("posts", 2): if let id = Int(parts[1]) { status.loadedPosts.insert(id) }
      case ("users", 2): status.loadedUsers += 1
      default: break
      }
    }
    return status
  }

  /// Rereads the log every 5 ms until `condition` holds; throws after `timeout`.
  func waitUntil(
    _ awaited: String, timeout: Duration = .seconds(20), _ condition: (Status) -> Bool
  ) throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition(status()) {
      guard ContinuousClock.now < deadline else {
        throw PtyProcess.Failure(description: "timed out waiting for \(awaited) in \(path)")
      }
      usleep(5_000)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

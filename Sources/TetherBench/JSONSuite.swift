import Foundation
import PostsBrowser
import TetherJSON

/// `tether-bench json`: TetherJSON against Foundation on 10,000 posts of about 600 bytes —
/// as one document (a feed) and as a document each (a snapshot's payloads) — coding them,
/// parsing them into a value and writing that value back. Each pair is measured in turns.
enum JSONSuite {
  static let count = 10_000

  static func run() async throws {
    let posts = (0..<count).map(PersistSuite.post)
    let document = try JSONEncoder().encode(posts)
    let documents = try posts.map { try JSONEncoder().encode($0) }
    let coder = JSONCoder()
    Harness.heading("json: 10,000 posts, \(document.count / 1024) KiB as one document")
    try await pair("encode [Post]", "JSONEncoder") {
      _ = try coder.encode(posts)
    } baseline: {
      _ = try JSONEncoder().encode(posts)
    }
    try await pair("decode [Post]", "JSONDecoder") {
      _ = try coder.decode([Post].self, from: document)
    } baseline: {
      _ = try JSONDecoder().decode([Post].self, from: document)
    }
    try await pair("parse into a JSONValue", "JSONSerialization") {
      _ = try JSONValue(parsing: document)
    } baseline: {
      _ = try JSONSerialization.jsonObject(with: document)
    }
    let value = try JSONValue(parsing: document)
    let parsed = Parsed(object: try JSONSerialization.jsonObject(with: document))
    try await pair("write that JSONValue", "JSONSerialization") {
      _ = JSONWriter.bytes(of: value)
    } baseline: {
      _ = try JSONSerialization.data(withJSONObject: parsed.object)
    }
    Harness.heading("json: the same posts as a document each, as snapshots write them")
    try await pair("encode each Post", "JSONEncoder") {
      for post in posts { _ = try coder.encode(post) }
    } baseline: {
      for post in posts { _ = try JSONEncoder().encode(post) }
    }
    try await pair("decode each Post", "JSONDecoder") {
      for data in documents { _ = try coder.decode(Post.self, from: data) }
    } baseline: {
      for data in documents { _ = try JSONDecoder().decode(Post.self, from: data) }
    }
  }

  /// What `JSONSerialization` parsed: arrays and dictionaries only read once made.
  struct Parsed: @unchecked Sendable {
    let object: Any
  }

  /// `scenario` against `baseline`, the best of five of each measured in turns, per post.
  @concurrent
  static func pair(
    _ scenario: String, _ baselineName: String, _ body: @escaping @Sendable () throws -> Void,
    baseline: @escaping @Sendable () throws -> Void
  ) async throws {
    let (base, sample) = try await Harness.bestInTurns(
      iterations: count, baseline: baseline, scenario: body)
    Harness.compare(scenario, sample, baseline: baselineName, base)
  }
}

import EndToEndSupport
import Foundation
import Testing

/// The browser's parts picked out of a capture of the pane.
extension TmuxScreen {
  /// The rows of the feed and of the post panel, split where their borders meet (`││`, `┐┌`,
  /// `┘└`); nil for a row that is not split so.
  private func panels(_ line: String) -> (feed: String, post: String)? {
    for junction in ["││", "┐┌", "┘└"] {
      if let range = line.range(of: junction) {
        return (String(line[..<range.lowerBound]), String(line[range.upperBound...]))
      }
    }
    return nil
  }

  /// The feed's titles row by row, with the selection mark: `["› First", "  Second"]`.
  var feedRows: [String] {
    lines.dropFirst().compactMap { panels($0)?.feed }.filter { $0.hasPrefix("│") }
      .map { String($0.dropFirst()).trimmingTrailingSpaces }
  }

  /// The title of the selected feed row, without a truncation mark.
  var selectedFeedTitle: String? {
    guard let row = feedRows.first(where: { $0.hasPrefix("›") }) else { return nil }
    var title = row.dropFirst().trimmingCharacters(in: .whitespaces)
    if title.hasSuffix("…") { title.removeLast() }
    return title
  }

  /// The feed panel's title line: `Posts · 10 of 251`.
  var feedTitle: String {
    guard let top = lines.first, let feed = panels(top)?.feed else { return "" }
    return feed.trimmingCharacters(in: CharacterSet(charactersIn: "┌─┐ "))
  }

  /// The post panel's title line: `Post #244 · refreshing`.
  var postTitle: String {
    guard let top = lines.first, let post = panels(top)?.post else { return "" }
    return post.trimmingCharacters(in: CharacterSet(charactersIn: "┌─┐ "))
  }

  /// The post panel's text with wrapped lines joined and runs of spaces collapsed, so a
  /// wrapped sentence reads as one.
  var postText: String {
    lines.dropFirst().compactMap { panels($0)?.post }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│└─┘ ")) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
  }

  /// The key hints at the bottom.
  var hints: String { lines.last { !$0.isEmpty } ?? "" }

  /// Whether the browser's frame fills exactly `width`×`height`: the panels' top and bottom
  /// borders span the width, the status bar and the key hints are the last two rows.
  func fillsLayout(width: Int, height: Int) -> Bool {
    let lines = lines
    guard lines.count >= height else { return false }
    let top = lines[0]
    let bottom = lines[height - 3]
    return top.hasPrefix("┌ Posts") && top.hasSuffix("┐") && top.count == width
      && bottom.hasPrefix("└") && bottom.hasSuffix("┘") && bottom.count == width
      && lines[height - 2].contains("stores · ? help") && !lines[height - 1].isEmpty
  }
}

/// Waits that suspend instead of blocking: the end-to-end tests poll tmux for seconds, and a
/// blocked thread of the concurrency pool (two on a two-core machine) would starve every other
/// test meanwhile.
extension TmuxSession {
  /// Polls the screen every 20 ms until `condition` holds and returns that screen; throws
  /// ``ScreenTimeout`` when `timeout` passes first.
  @discardableResult
  func waitUntil(
    _ description: String, timeout: TimeInterval = 20, where condition: (TmuxScreen) -> Bool
  ) async throws -> TmuxScreen {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try screen()
    while !condition(last) {
      guard Date() < deadline else {
        throw ScreenTimeout(awaited: description, screen: last.text)
      }
      try await Task.sleep(for: .milliseconds(20))
      last = try screen()
    }
    return last
  }

  /// Polls until the screen contains `text`.
  @discardableResult
  func waitUntil(containing text: String, timeout: TimeInterval = 20) async throws -> TmuxScreen {
    try await waitUntil("“\(text)”", timeout: timeout) { $0.text.contains(text) }
  }

  /// Polls until the screen no longer contains `text`.
  @discardableResult
  func waitUntil(notContaining text: String, timeout: TimeInterval = 20) async throws
    -> TmuxScreen
  {
    try await waitUntil("“\(text)” to go", timeout: timeout) { !$0.text.contains(text) }
  }

  /// Polls until the file exists with a complete last line and returns it (nil on timeout).
  func file(_ name: String, timeout: TimeInterval = 20) async throws -> String? {
    let url = URL(fileURLWithPath: path(name))
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let contents = try? String(contentsOf: url, encoding: .utf8), contents.hasSuffix("\n") {
        return contents
      }
      guard Date() < deadline else { return nil }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Starts `posts` with `arguments` under `sh -c`, between two `stty -g` captures, and prints
  /// its exit code as `exit=N`. No job-control shell touches the terminal between the browser
  /// and the second capture, so it shows exactly what the browser left behind.
  func launchPosts(_ arguments: String, environment: String = "") async throws {
    let binary = try builtProduct(named: "posts")
    try await waitUntil(containing: "e2e$")
    try run(
      "sh -c 'stty -g > \(path("before")); \(environment) \"\(binary)\" \(arguments); echo exit=$?;"
        + " stty -g > \(path("after"))'")
  }

  /// Quits with `q` and checks the exit code and the terminal settings.
  func quitPosts(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try press("q")
    // Generous: quitting after 100,000 posts saves them to the cache, slow in a debug build on a
    // loaded machine; a hung quit still fails.
    try await waitUntil(containing: "exit=0", timeout: 45)
    try await expectTerminalSettingsRestored(sourceLocation: sourceLocation)
  }

  /// Checks that the terminal settings after `posts` are those before it.
  func expectTerminalSettingsRestored(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let before = try #require(try await file("before"), sourceLocation: sourceLocation)
    let after = try #require(try await file("after"), sourceLocation: sourceLocation)
    #expect(after == before, sourceLocation: sourceLocation)
  }
}

/// A wait that timed out: what was awaited and the last screen seen.
struct ScreenTimeout: Error, CustomStringConvertible {
  let awaited: String
  let screen: String

  var description: String { "timed out waiting for \(awaited); screen:\n\(screen)" }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

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

extension TmuxSession {
  /// Starts `posts` with `arguments` under `sh -c`, between two `stty -g` captures, and prints
  /// its exit code as `exit=N`. No job-control shell touches the terminal between the browser
  /// and the second capture, so it shows exactly what the browser left behind.
  func launchPosts(_ arguments: String, environment: String = "") throws {
    let binary = try builtProduct(named: "posts")
    try waitForScreen(containing: "e2e$")
    try run(
      "sh -c 'stty -g > \(path("before")); \(environment) \"\(binary)\" \(arguments); echo exit=$?;"
        + " stty -g > \(path("after"))'")
  }

  /// Quits with `q` and checks the exit code and the terminal settings.
  func quitPosts(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try press("q")
    try waitForScreen(containing: "exit=0", timeout: 10)
    try expectTerminalSettingsRestored(sourceLocation: sourceLocation)
  }

  /// Checks that the terminal settings after `posts` are those before it.
  func expectTerminalSettingsRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try #require(try waitForFile("before"), sourceLocation: sourceLocation)
    let after = try #require(try waitForFile("after"), sourceLocation: sourceLocation)
    #expect(after == before, sourceLocation: sourceLocation)
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

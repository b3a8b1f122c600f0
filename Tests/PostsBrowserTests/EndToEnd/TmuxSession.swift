import Foundation

/// A tmux server on a private socket running one interactive bash, for end-to-end tests: keys
/// go in with `send-keys`, the screen comes back with `capture-pane`, and every wait polls with
/// a deadline.
final class TmuxSession {
  static var isAvailable: Bool { executable != nil }

  private static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  let socket = "posts-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
  /// A scratch directory for the test's files.
  let directory: URL

  init(width: Int, height: Int) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The server this starts keeps the client's standard output open: read nothing from it.
    try tmux(
      capturingOutput: false, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x",
      "\(width)", "-y", "\(height)",
      "env", "PS1=e2e$ ", "LANG=C.UTF-8", "TERM=xterm-256color", "bash", "--norc",
      "--noprofile", "-i")
  }

  deinit {
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs a tmux command on this server and returns its output.
  @discardableResult
  func tmux(capturingOutput: Bool = true, _ arguments: String...) throws -> String {
    try Subprocess.run(
      Self.executable ?? "tmux", ["-L", socket] + arguments, capturingOutput: capturingOutput)
  }

  /// Types `text` literally, then Enter.
  func run(_ command: String) throws {
    try type(command)
    try press("Enter")
  }

  /// Types `text` literally.
  func type(_ text: String) throws {
    try tmux("send-keys", "-t", "main", "-l", text)
  }

  /// Sends tmux key names (`j`, `C-s`, `Enter`), one after the other.
  func press(_ keys: String...) throws {
    for key in keys { try tmux("send-keys", "-t", "main", key) }
  }

  func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
  }

  func screen() throws -> TmuxScreen {
    TmuxScreen(text: try tmux("capture-pane", "-p", "-t", "main"))
  }

  /// A wait that timed out: what was awaited and the last screen seen.
  struct Timeout: Error, CustomStringConvertible {
    let awaited: String
    let screen: String

    var description: String { "timed out waiting for \(awaited); screen:\n\(screen)" }
  }

  /// Polls the screen until `condition` holds and returns that screen; throws ``Timeout``
  /// when `timeout` passes first, which ends the test there.
  @discardableResult
  func waitForScreen(
    _ description: String, timeout: TimeInterval = 20, where condition: (TmuxScreen) -> Bool
  ) throws -> TmuxScreen {
    var last = try screen()
    let found = try poll(timeout: timeout) {
      last = try screen()
      return condition(last)
    }
    guard found else { throw Timeout(awaited: description, screen: last.text) }
    return last
  }

  /// Polls the screen until it contains `text`.
  @discardableResult
  func waitForScreen(containing text: String, timeout: TimeInterval = 20) throws -> TmuxScreen {
    try waitForScreen("“\(text)”", timeout: timeout) { $0.text.contains(text) }
  }

  /// Polls until the file exists with a complete last line and returns it (nil on timeout).
  func waitForFile(_ name: String, timeout: TimeInterval = 20) throws -> String? {
    let url = directory.appendingPathComponent(name)
    var contents: String?
    _ = try poll(timeout: timeout) {
      contents = try? String(contentsOf: url, encoding: .utf8)
      return contents?.hasSuffix("\n") == true
    }
    return contents
  }

  /// Checks `condition` every 20 ms until it holds or `timeout` passes.
  private func poll(timeout: TimeInterval, _ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if try condition() { return true }
      usleep(20_000)
    }
    return try condition()
  }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// One capture of the pane, with the browser's parts picked out of it.
struct TmuxScreen {
  let text: String

  var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

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

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

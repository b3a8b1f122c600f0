import Foundation
import Testing

/// A tmux server on a private socket running one interactive bash, for end-to-end tests.
final class TmuxSession {
  static var isAvailable: Bool { executable != nil }

  private static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  let socket = "tether-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
  /// A scratch directory for the test's files.
  let directory: URL

  init(width: Int, height: Int) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The server this starts keeps the client's standard output open: read nothing from it.
    try tmux(
      capturingOutput: false, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x",
      "\(width)", "-y", "\(height)",
      "env", "PS1=e2e$ ", "LANG=C.UTF-8", "bash", "--norc", "--noprofile", "-i")
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
    try tmux("send-keys", "-t", "main", "-l", command)
    try tmux("send-keys", "-t", "main", "Enter")
  }

  /// Sends tmux key names (`j`, `C-z`, `Enter`).
  func press(_ keys: String...) throws {
    for key in keys { try tmux("send-keys", "-t", "main", key) }
  }

  func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
  }

  func screen() throws -> String {
    try tmux("capture-pane", "-p", "-t", "main")
  }

  /// Polls the screen until it contains `text`; records an issue with the screen on timeout.
  @discardableResult
  func waitForScreen(
    containing text: String, timeout: TimeInterval = 20,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    let found = try poll(timeout: timeout) { try self.screen().contains(text) }
    if !found {
      Issue.record(
        "timed out waiting for “\(text)”; screen:\n\(try screen())", sourceLocation: sourceLocation)
    }
    return found
  }

  /// Polls the screen until it no longer contains `text`.
  @discardableResult
  func waitForScreen(
    notContaining text: String, timeout: TimeInterval = 20,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    let gone = try poll(timeout: timeout) { try !self.screen().contains(text) }
    if !gone {
      Issue.record(
        "timed out waiting for “\(text)” to go; screen:\n\(try screen())",
        sourceLocation: sourceLocation)
    }
    return gone
  }

  /// Polls until the file exists with content and returns it (nil on timeout).
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

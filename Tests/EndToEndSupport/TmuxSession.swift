import Foundation

/// A tmux server on a private socket running one interactive bash, for end-to-end tests: keys
/// go in with `send-keys`, the screen comes back with `capture-pane`, and every wait polls with
/// a deadline.
public final class TmuxSession {
  /// Whether tmux is installed.
  public static var isAvailable: Bool { executable != nil }

  private static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The private server socket: tests never touch the user's tmux or each other's.
  public let socket: String
  /// A scratch directory for the test's files.
  public let directory: URL

  /// Starts a server with one `width`×`height` window running bash.
  public init(width: Int, height: Int, name: String = "e2e") throws {
    socket = "tether-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The server this starts keeps the client's standard output open: read nothing from it.
    try tmux(
      capturingOutput: false, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x",
      "\(width)", "-y", "\(height)",
      // A cache of its own: a test never reads what another launch of posts left behind.
      "env", "PS1=e2e$ ", "LANG=C.UTF-8", "TERM=xterm-256color",
      "XDG_CACHE_HOME=\(directory.path)/cache", Self.sanitizerOptions, "bash", "--norc",
      "--noprofile", "-i")
  }

  /// A sanitized build's programs end as a plain build's do: the thread sanitizer sleeps a
  /// second before a program exits (to catch races at exit), which a viewer waiting for an
  /// inspected process to be gone (`exited`, not `closed the connection`) would have to outwait.
  /// Options given to the tests are kept.
  private static var sanitizerOptions: String {
    let given = ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { $0 + " " } ?? ""
    return "TSAN_OPTIONS=\(given)atexit_sleep_ms=0"
  }

  deinit {
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs a tmux command on this server and returns its output.
  @discardableResult
  public func tmux(capturingOutput: Bool = true, _ arguments: String...) throws -> String {
    try Subprocess.run(
      Self.executable ?? "tmux", ["-L", socket] + arguments, capturingOutput: capturingOutput)
  }

  /// Types `text` literally, then Enter.
  public func run(_ command: String) throws {
    try type(command)
    try press("Enter")
  }

  /// Types `text` literally.
  public func type(_ text: String) throws {
    try tmux("send-keys", "-t", "main", "-l", text)
  }

  /// Sends tmux key names (`j`, `C-s`, `Enter`), one after the other.
  public func press(_ keys: String...) throws {
    for key in keys { try tmux("send-keys", "-t", "main", key) }
  }

  public func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
  }

  public func screen() throws -> TmuxScreen {
    TmuxScreen(text: try tmux("capture-pane", "-p", "-t", "main"))
  }

  /// A wait that timed out: what was awaited and the last screen seen.
  public struct Timeout: Error, CustomStringConvertible {
    public let awaited: String
    public let screen: String

    public var description: String { "timed out waiting for \(awaited); screen:\n\(screen)" }
  }

  /// Polls the screen until `condition` holds and returns that screen; throws ``Timeout``
  /// when `timeout` passes first, which ends the test there.
  @discardableResult
  public func waitForScreen(
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
  public func waitForScreen(containing text: String, timeout: TimeInterval = 20) throws
    -> TmuxScreen
  {
    try waitForScreen("“\(text)”", timeout: timeout) { $0.text.contains(text) }
  }

  /// Polls the screen until it no longer contains `text`.
  @discardableResult
  public func waitForScreen(notContaining text: String, timeout: TimeInterval = 20) throws
    -> TmuxScreen
  {
    try waitForScreen("“\(text)” to go", timeout: timeout) { !$0.text.contains(text) }
  }

  /// Polls until the file exists with a complete last line and returns it (nil on timeout).
  public func waitForFile(_ name: String, timeout: TimeInterval = 20) throws -> String? {
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

  public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// One capture of the pane.
public struct TmuxScreen: Sendable {
  /// The pane's text, one line per row.
  public let text: String

  public init(text: String) {
    self.text = text
  }

  public var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  public func contains(_ fragment: String) -> Bool { text.contains(fragment) }
}

/// The executable `name` built next to the running test binary (`swift test` builds every
/// product of the package).
public func builtProduct(named name: String) throws -> String {
  let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  var directory = tests.deletingLastPathComponent()
  // The test binary may sit inside an .xctest bundle directory.
  while directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
  let binary = directory.appendingPathComponent(name).path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    throw MissingProduct(name: name, path: binary)
  }
  return binary
}

/// An executable the end-to-end tests need that is not built.
public struct MissingProduct: Error, CustomStringConvertible {
  public let name: String
  public let path: String

  public var description: String {
    "\(name) is not built next to the tests at \(path); run `swift build` first"
  }
}

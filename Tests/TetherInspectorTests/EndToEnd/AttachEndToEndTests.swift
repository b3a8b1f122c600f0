import EndToEndSupport
import Foundation
import Testing

/// The built `tether` and `posts-watch` in tmux: attach, act, lose the viewer, record and
/// replay — as a user does it. Each test has a socket folder of its own
/// (`XDG_RUNTIME_DIR`), so it sees only its own processes.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct AttachEndToEndTests {
  /// A tmux session with `posts-watch` running in it, and the folder its socket goes to.
  struct Watcher {
    let session: TmuxSession
    let runtime: String
    let tether: String

    init(arguments: String) throws {
      session = try TmuxSession(width: 100, height: 30, name: "watch")
      runtime = session.path("runtime")
      try FileManager.default.createDirectory(
        atPath: runtime, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      tether = try builtProduct(named: "tether")
      let watch = try builtProduct(named: "posts-watch")
      try session.run("export XDG_RUNTIME_DIR=\(runtime)")
      try session.run("\(watch) \(arguments)")
      try session.waitForScreen(containing: "inspect it: tether attach")
    }

    /// A viewer's session: `tether` with `arguments`, seeing this watcher's socket.
    func viewer(_ arguments: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
      let viewer = try TmuxSession(width: width, height: height, name: "view")
      try viewer.run("export XDG_RUNTIME_DIR=\(runtime)")
      try viewer.run("\(tether) \(arguments)")
      return viewer
    }
  }

  @Test func attachShowsTheFeedStoreActsOnItAndSaysWhenTheWatcherExits() throws {
    let watcher = try Watcher(arguments: "--every 1s")
    let viewer = try watcher.viewer("attach")
    try viewer.waitForScreen(containing: "attached to posts-watch")
    try viewer.waitForScreen(containing: "first-page")
    // Open the store and refetch it from the viewer: the watcher runs it once more.
    try viewer.press("Down", "Enter")
    try viewer.waitForScreen(containing: "Store posts · first-page")
    let before = try Self.runs(in: viewer.screen())
    try viewer.press("r")
    try viewer.waitForScreen("more runs than \(before)") { (try? Self.runs(in: $0)) ?? 0 > before }
    // The network log shows the watcher's requests, from this store.
    try viewer.press("N")
    try viewer.waitForScreen(containing: "/posts?limit=10")
    // The watcher goes away: the viewer says so and keeps what it showed.
    try watcher.session.press("C-c")
    try viewer.waitForScreen(containing: "exited")
    try viewer.waitForScreen(containing: "last state kept")
    #expect(try viewer.screen().contains("/posts?limit=10"))
    try viewer.press("q")
    try viewer.waitForScreen(containing: "e2e$ ")
  }

  @Test func theFaultsDialogAndFailNextOfTheViewerInjectFaultsInTheWatcher() throws {
    let watcher = try Watcher(arguments: "--every 500ms --seed 5")
    let viewer = try watcher.viewer("attach", width: 120, height: 35)
    try viewer.waitForScreen(containing: "first-page")
    // The faults dialog edits the watcher's embedded service: its next 3 requests fail there.
    try viewer.press("F")
    try viewer.waitForScreen(containing: "Faults · injected by the server")
    try viewer.press("Down", "Down", "Down")
    try viewer.type("3")
    try viewer.waitForScreen(containing: "3 requests")
    try viewer.press("Escape")
    try viewer.waitForScreen(notContaining: "Faults · injected")
    try viewer.press("N")
    try viewer.waitForScreen("a failure the service injected") {
      $0.contains("500 server") || $0.contains("503 server")
    }
    try viewer.waitForScreen(notContaining: "server: fail next")
    // "Fail next" on the feed's store: the watcher's client fails its next requests itself.
    try viewer.press("Escape")
    try viewer.waitForScreen(notContaining: "Network ·")
    try viewer.press("Down", "!")
    try viewer.waitForScreen(containing: "Fail the next requests caused by")
    try viewer.press("Enter")
    try viewer.waitForScreen(notContaining: "Fail the next requests caused by")
    try viewer.press("N")
    try viewer.waitForScreen("a failure the client injected") {
      $0.contains("500 client") || $0.contains("503 client")
    }
    // The watcher goes on polling: a fault is an answer, not a crash.
    try viewer.waitForScreen(notContaining: "client: fail next")
    #expect(try !watcher.session.screen().contains("Fatal"))
    try viewer.press("q")
  }

  @Test func aViewerKilledWithSIGKILLCostsTheWatcherNothing() throws {
    let watcher = try Watcher(arguments: "--every 1s")
    let viewer = try watcher.viewer("attach", width: 200, height: 60)
    try viewer.waitForScreen(containing: "first-page")
    _ = try viewer.tmux("kill-server")
    // The watcher still serves: a new viewer attaches and sees it live.
    let next = try watcher.viewer("list")
    try next.waitForScreen(containing: "posts-watch")
    let again = try watcher.viewer("attach")
    try again.waitForScreen(containing: "attached to posts-watch")
    try again.press("q")
  }

  @Test func aRecordingOfFailingPollsReplaysAttemptByAttempt() throws {
    let watcher = try Watcher(arguments: "--every 500ms --fail-rate 0.5 --seed 3")
    let file = watcher.session.path("session.tether")
    let recorder = try watcher.viewer("record posts-watch --output \(file) --duration 4s")
    try recorder.waitForScreen(containing: "recorded to", timeout: 30)
    let replay = try watcher.viewer("replay \(file)", width: 120, height: 30)
    try replay.waitForScreen(containing: "replay of posts-watch")
    try replay.waitForScreen(containing: "paused")
    // Its help lists what each key does here: Space plays and pauses, and toggles no group
    // (the devtools' use of it elsewhere).
    try replay.press("?")
    try replay.waitForScreen(containing: "Play or pause")
    try replay.press("/")
    try replay.type("Space")
    try replay.waitForScreen(containing: "/ Space")  // the help filtered to Space's entries
    let help = try replay.screen()
    #expect(help.contains("Space          Play or pause"), "\(help.text)")
    #expect(!help.text.lowercased().contains("toggle"), "\(help.text)")
    try replay.press("Escape", "Escape")
    try replay.waitForScreen(notContaining: "Play or pause")
    try replay.press("Down", "Enter", "Tab", "Tab")
    try replay.waitForScreen(containing: "Timeline")
    // Step to the end change by change: a failed attempt and its retry show on the way.
    var sawFailure = false
    for _ in 0..<200 {
      try replay.press(".")
      let screen = try replay.screen()
      if screen.contains("500") || screen.contains("503") { sawFailure = true }
      if screen.contains("/ 00:0") && sawFailure { break }
    }
    #expect(sawFailure, "a failed attempt of the recording shows in the timeline")
    try replay.press("q")
  }

  @Test func attachingToPostsWhileBrowsingShowsTheStoresItMakes() throws {
    let browser = try TmuxSession(width: 120, height: 35, name: "posts")
    let runtime = browser.path("runtime")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try browser.run("export XDG_RUNTIME_DIR=\(runtime)")
    try browser.run("\(try builtProduct(named: "posts")) --no-cache --fail-rate 0.3")
    try browser.waitForScreen(containing: "Posts · ")
    let viewer = try TmuxSession(width: 200, height: 60, name: "view")
    try viewer.run("export XDG_RUNTIME_DIR=\(runtime)")
    try viewer.run("\(try builtProduct(named: "tether")) attach posts")
    try viewer.waitForScreen(containing: "attached to posts")
    try viewer.waitForScreen(containing: "feed")
    // Browsing makes stores; the viewer shows them as they come.
    try browser.press("j", "j", "j")
    try viewer.waitForScreen(containing: "248")
    try viewer.waitForScreen(containing: "user")
    try viewer.press("q")
    try browser.press("q")
  }

  /// The run count the store's State tab shows.
  static func runs(in screen: TmuxScreen) throws -> Int {
    // `│runs             8`, not `│runs by itself   yes`.
    let numbers = screen.lines.compactMap { line -> Int? in
      guard line.hasPrefix("│runs ") else { return nil }
      let words = line.dropFirst(5).split(separator: " ")
      return words.count == 2 ? Int(words[0]) : nil
    }
    guard let number = numbers.first else { throw NoRunsLine(screen: screen.text) }
    return number
  }

  struct NoRunsLine: Error, CustomStringConvertible {
    var screen: String
    var description: String { "no runs line on the screen:\n\(screen)" }
  }
}

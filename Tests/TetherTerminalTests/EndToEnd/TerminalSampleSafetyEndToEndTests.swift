import EndToEndSupport
import Foundation
import Testing

/// The built `terminal-sample` where things go wrong: an unusable terminal, a job continued
/// in the background, an event loop stuck for good, a shutdown that never finishes. Each ends
/// with the terminal settings (`stty -g`) as they were.
@Suite(.serialized, .onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TerminalSampleSafetyEndToEndTests {
  private func sampleBinary() throws -> String {
    try builtProduct(named: "terminal-sample")
  }

  /// Runs `command` under `sh -c` between two `stty -g` snapshots (no job-control shell resets
  /// the terminal in between, so `after` shows what the app left), with SIGINT trapped so the
  /// shell outlives an app that Ctrl-C ends.
  private func runBetweenSnapshots(_ command: String, in tmux: TmuxSession) throws {
    try tmux.run(
      "sh -c 'trap : INT; stty -g > \(tmux.path("before")); \(command);"
        + " echo exit=$?; stty -g > \(tmux.path("after"))'")
  }

  private func expectSettingsUnchanged(_ tmux: TmuxSession) throws {
    let before = try #require(try tmux.waitForFile("before"))
    let after = try #require(try tmux.waitForFile("after"))
    #expect(after == before)
  }

  @Test func anUnusableTerminalEndsAtOnceWithOneLineAndStatus1EveryTime() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 160, height: 30, name: "terminal-term")
    try tmux.waitForScreen(containing: "e2e$")
    try tmux.run(
      "sh -c 'stty -g > \(tmux.path("before"));"
        + " for i in 1 2 3; do TERM=no-such-terminal \"\(binary)\"; echo unknown=$?; done;"
        + " for i in 1 2 3; do env -u TERM \"\(binary)\"; echo unset=$?; done;"
        + " TERM=dumb \"\(binary)\"; echo dumb=$?; stty -g > \(tmux.path("after")); echo finished'")
    let screen = try tmux.waitForScreen("the loops to finish", timeout: 15) {
      $0.lines.contains("finished")
    }
    let lines = screen.lines
    #expect(lines.filter { $0 == "unknown=1" }.count == 3, "\(screen.text)")
    #expect(lines.filter { $0 == "unset=1" }.count == 3)
    #expect(lines.contains("dumb=1"))
    #expect(
      lines.filter {
        $0.hasPrefix("terminal-sample: unknown terminal type no-such-terminal (no terminfo entry)")
      }.count == 3)
    #expect(lines.filter { $0.hasPrefix("terminal-sample: TERM is not set") }.count == 3)
    let dumb = "terminal-sample: the terminal (TERM=dumb) cannot move the cursor; run this in a"
    #expect(lines.contains(dumb + " full terminal"))
    #expect(!screen.text.contains("Tether sample"))
    try expectSettingsUnchanged(tmux)
  }

  @Test func continuedInTheBackgroundItLeavesTheTerminalToTheShellUntilFg() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal-bg")
    try tmux.waitForScreen(containing: "e2e$")
    try tmux.run("stty -g > \(tmux.path("before"))")
    let before = try #require(try tmux.waitForFile("before"))
    let log = tmux.path("log")
    try tmux.run("'\(binary)' --log \(log)")
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    try tmux.waitForScreen(containing: "› Item 1")  // the list came from its endpoint
    try tmux.press("j")
    try tmux.waitForScreen(containing: "selected: Item 2")

    try tmux.press("C-z")
    try tmux.waitForScreen(containing: "Stopped")
    try tmux.run("bg")
    try waitForLog(log, lines: "continued in the background", count: 1)
    // A SIGCONT from elsewhere while the shell owns the terminal: still hands off.
    try tmux.run("kill -CONT %1")
    try waitForLog(log, lines: "continued in the background", count: 2)
    try tmux.run("echo the-shell-owns-the-terminal")
    let shell = try tmux.waitForScreen(containing: "the-shell-owns-the-terminal\ne2e$")
    #expect(!shell.text.contains("Tether sample"))
    try tmux.run("stty -g > \(tmux.path("during"))")
    #expect(try tmux.waitForFile("during") == before)

    try tmux.resize(width: 90, height: 26)
    try tmux.run("fg")
    do {
      try tmux.waitForScreen(containing: "Tether sample — 90×26")
    } catch {
      Issue.record("\(error)\nlog:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
      throw error
    }
    try tmux.waitForScreen(containing: "selected: Item 2")
    try tmux.press("j")
    try tmux.waitForScreen(containing: "selected: Item 3")
    try tmux.press("q")
    try tmux.waitForScreen(notContaining: "Tether sample")
    try tmux.run("stty -g > \(tmux.path("after"))")
    #expect(try tmux.waitForFile("after") == before)
  }

  @Test func ctrlCEndsAnAppWhoseLoopIsStuck() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal-hang")
    try tmux.waitForScreen(containing: "e2e$")
    let log = tmux.path("log")
    try runBetweenSnapshots(
      "\"\(binary)\" --hang-key h --hang-marker \(tmux.path("hung")) --log \(log)", in: tmux)
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    try tmux.press("h")
    // Only once the loop is stuck: a Ctrl-C before that is answered by a live loop.
    _ = try tmux.waitForFile("hung")
    try tmux.press("C-c")
    // The signal thread gives the loop 1.5 s, then restores the terminal and ends with SIGINT.
    try tmux.waitForScreen(containing: "exit=130", timeout: 15)
    try expectSettingsUnchanged(tmux)
    try waitForLog(log, lines: "did not answer signal 2", count: 1)
  }

  @Test func sigtermAndSighupEndAnAppWhoseLoopIsStuck() throws {
    let binary = try sampleBinary()
    for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129)] {
      let tmux = try TmuxSession(width: 100, height: 30, name: "terminal-hang")
      try tmux.waitForScreen(containing: "e2e$")
      try runBetweenSnapshots(
        "\"\(binary)\" --hang-key h --hang-marker \(tmux.path("hung")) --pid-file \(tmux.path("pid"))",
        in: tmux)
      try tmux.waitForScreen(containing: "Tether sample — 100×30")
      let pid = try #require(
        try tmux.waitForFile("pid", timeout: 5).flatMap {
          Int32($0.trimmingCharacters(in: .newlines))
        })
      try tmux.press("h")
      _ = try tmux.waitForFile("hung")
      #expect(kill(pid, signal) == 0)
      try tmux.waitForScreen(containing: "exit=\(status)", timeout: 15)
      try expectSettingsUnchanged(tmux)
    }
  }

  @Test func quittingEndsTheProcessEvenWhenItsShutdownHangs() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal-hang")
    try tmux.waitForScreen(containing: "e2e$")
    try runBetweenSnapshots("\"\(binary)\" --hang-on-exit", in: tmux)
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    try tmux.press("q")
    // The cleanup never finishes; ProcessExit's watchdog ends the process after 1 s.
    try tmux.waitForScreen(containing: "exit=0", timeout: 15)
    try expectSettingsUnchanged(tmux)
  }

  /// Polls the log until `fragment` appears in `count` lines (20 s at most).
  private func waitForLog(_ path: String, lines fragment: String, count: Int) throws {
    let deadline = Date().addingTimeInterval(20)
    var log = ""
    while Date() < deadline {
      log = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      if log.components(separatedBy: "\n").filter({ $0.contains(fragment) }).count >= count {
        return
      }
      usleep(20_000)
    }
    Issue.record("the log never had \(count) lines with “\(fragment)”:\n\(log)")
  }
}

import EndToEndSupport
import Foundation
import Testing

/// The built `terminal-sample` binary in a real terminal (tmux): keys, resize, Ctrl-Z and `fg`,
/// quit and SIGTERM, with the terminal settings (`stty -g`) unchanged afterwards.
@Suite(.serialized, .onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TerminalSampleEndToEndTests {
  /// `terminal-sample` from the build directory that holds this test binary.
  private func sampleBinary() throws -> String {
    try builtProduct(named: "terminal-sample")
  }

  @Test func keysResizeSuspendResumeAndQuitRestoreTheTerminal() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal")
    try tmux.waitForScreen(containing: "e2e$")
    try tmux.run("stty -g > \(tmux.path("before"))")
    let before = try #require(try tmux.waitForFile("before"))

    try tmux.run("'\(binary)' --log \(tmux.path("log"))")
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    try tmux.waitForScreen(containing: "› Item 1")

    try tmux.press("j", "j")
    try tmux.waitForScreen(containing: "selected: Item 3")
    try tmux.press("t")
    try tmux.waitForScreen(containing: "Hello from a toast")
    try tmux.press("Tab")
    try tmux.run("héllo 世界")
    try tmux.waitForScreen(containing: "héllo 世界")
    try tmux.press("Escape")

    try tmux.resize(width: 80, height: 24)
    try tmux.waitForScreen(containing: "Tether sample — 80×24")

    try tmux.press("C-z")
    try tmux.waitForScreen(containing: "Stopped")
    try tmux.resize(width: 90, height: 26)
    try tmux.run("fg")
    try tmux.waitForScreen(containing: "Tether sample — 90×26")
    try tmux.waitForScreen(containing: "selected: Item 3")

    try tmux.press("q")
    try tmux.waitForScreen(notContaining: "Tether sample")
    try tmux.run("stty -g > \(tmux.path("after"))")
    let after = try #require(try tmux.waitForFile("after"))
    #expect(after == before)
    let log = try String(contentsOfFile: tmux.path("log"), encoding: .utf8)
    #expect(log.contains("suspending"))
    #expect(log.contains("terminal restored"))
  }

  @Test func clicksSelectRowsAndTheWheelScrollsTheList() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal-mouse")
    try tmux.waitForScreen(containing: "e2e$")
    try tmux.run("stty -g > \(tmux.path("before"))")
    let before = try #require(try tmux.waitForFile("before"))
    try tmux.run("'\(binary)'")
    try tmux.waitForScreen(containing: "› Item 1")
    // Row 0 is the title, row 1 the list's border: Item 5 is on row 6 (SGR counts from 1).
    try sendMouse("0;4;7M", to: tmux)
    try sendMouse("0;4;7m", to: tmux)
    try tmux.waitForScreen(containing: "selected: Item 5")
    try tmux.waitForScreen(containing: "mouse: release left 3,6")
    // A click on the note focuses it: typing goes there.
    try sendMouse("0;60;3M", to: tmux)
    try tmux.type("typed")
    try tmux.waitForScreen(containing: "typed")
    try tmux.press("Escape")
    // The wheel over the list scrolls it, taking the selection along.
    for _ in 0..<3 { try sendMouse("65;4;7M", to: tmux) }
    try tmux.waitForScreen(containing: "mouse: wheel down 3,6")
    try tmux.waitForScreen(containing: "selected: Item 10")
    try tmux.press("q")
    try tmux.waitForScreen(notContaining: "Tether sample")
    try tmux.run("stty -g > \(tmux.path("after"))")
    #expect(try tmux.waitForFile("after") == before)
  }

  /// Sends an SGR mouse report, `ESC [ <` then `parameters`, in one write as a terminal would.
  private func sendMouse(_ parameters: String, to tmux: TmuxSession) throws {
    try tmux.type("\u{1B}[<\(parameters)")
  }

  @Test func sigtermRestoresTheTerminalAndEndsWithTheSignal() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal")
    try tmux.waitForScreen(containing: "e2e$")
    // Under `sh -c` no job-control shell resets the terminal after the app dies: `after` shows
    // exactly what the app left behind.
    try tmux.run(
      "sh -c 'stty -g > \(tmux.path("before")); \"\(binary)\" --pid-file \(tmux.path("pid"));"
        + " echo exit=$?; stty -g > \(tmux.path("after"))'")
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    let pid = try #require(
      try tmux.waitForFile("pid", timeout: 5).flatMap {
        Int32($0.trimmingCharacters(in: .newlines))
      })
    #expect(kill(pid, SIGTERM) == 0)
    try tmux.waitForScreen(containing: "exit=143")
    let before = try #require(try tmux.waitForFile("before"))
    let after = try #require(try tmux.waitForFile("after"))
    #expect(after == before)
  }

  @Test func aCrashRestoresTheTerminalAndIsStillReported() throws {
    let binary = try sampleBinary()
    let tmux = try TmuxSession(width: 100, height: 30, name: "terminal")
    try tmux.waitForScreen(containing: "e2e$")
    try tmux.run(
      "sh -c 'stty -g > \(tmux.path("before")); \"\(binary)\" --crash-key !;"
        + " echo exit=$?; stty -g > \(tmux.path("after"))'")
    try tmux.waitForScreen(containing: "Tether sample — 100×30")
    try tmux.press("!")
    // Swift traps with SIGILL or SIGTRAP: the shell reports 128 + the signal number.
    let reported = try tmux.waitForScreen(containing: "exit=13")
    #expect(reported.contains("exit=132") || reported.contains("exit=133"))
    let before = try #require(try tmux.waitForFile("before"))
    let after = try #require(try tmux.waitForFile("after"))
    #expect(after == before)
  }
}

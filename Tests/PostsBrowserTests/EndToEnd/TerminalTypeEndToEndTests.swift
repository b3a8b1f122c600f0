import EndToEndSupport
import Foundation
import Testing

/// `posts` on a terminal it cannot use ends at once with status 1, every time, before it
/// sends a request, and leaves the terminal settings as they were.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TerminalTypeEndToEndTests {
  @Test(arguments: [
    ("TERM=no-such-terminal", "unknown terminal type no-such-terminal (no terminfo entry)"),
    ("env -u TERM", "TERM is not set"),
    ("TERM=dumb", "the terminal (TERM=dumb) cannot move the cursor"),
  ])
  func anUnusableTerminalEndsAtOnceEveryTime(environment: String, message: String) async throws {
    let tmux = try TmuxSession(width: 160, height: 40, name: "posts-term")
    let binary = try builtProduct(named: "posts")
    try await tmux.waitUntil(containing: "e2e$")
    let start = Date()
    try tmux.run(
      "sh -c 'stty -g > \(tmux.path("before")); for i in 1 2 3 4 5 6 7 8 9 10; do"
        + " \(environment) \"\(binary)\"; echo \"exit=$?\"; done; stty -g > \(tmux.path("after"));"
        + " echo done'")
    let screen = try await tmux.waitUntil("ten runs", timeout: 20) {
      $0.lines.contains("done")
    }
    // At once: ten runs take about a second; the bound leaves room for a loaded machine.
    #expect(Date().timeIntervalSince(start) < 15)
    #expect(screen.lines.filter { $0 == "exit=1" }.count == 10)
    #expect(
      screen.lines.filter { $0.hasPrefix("posts: \(message)") }.count == 10)
    try await tmux.expectTerminalSettingsRestored()
  }
}

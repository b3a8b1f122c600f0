import EndToEndSupport
import Foundation
import Testing

/// `posts` on a terminal it cannot use ends at once with status 1, every time, before it
/// sends a request, and leaves the terminal settings as they were.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
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
    // Each run's status and milliseconds, measured by the shell around the program alone.
    try tmux.run(
      "sh -c 'stty -g > \(tmux.path("before")); for i in 1 2 3 4 5 6 7 8 9 10; do"
        + " s=$(date +%s%N); \(environment) \"\(binary)\"; code=$?;"
        + " echo \"exit=$code ms=$(( ($(date +%s%N) - s) / 1000000 ))\"; done;"
        + " stty -g > \(tmux.path("after")); echo done'")
    let screen = try await tmux.waitUntil("ten runs", timeout: 60) {
      $0.lines.contains("done")
    }
    let runs = screen.lines.filter { $0.hasPrefix("exit=") }
    #expect(runs.count == 10)
    #expect(runs.allSatisfy { $0.hasPrefix("exit=1 ") })
    // At once: a run takes about 0.1 s (a sanitizer build on a busy machine, 2 s); the old
    // hang never ended.
    let milliseconds = runs.compactMap { $0.split(separator: "=").last.flatMap { Int($0) } }
    #expect(milliseconds.count == 10 && milliseconds.allSatisfy { $0 < 5000 }, "\(runs)")
    #expect(
      screen.lines.filter { $0.hasPrefix("posts: \(message)") }.count == 10)
    try await tmux.expectTerminalSettingsRestored()
  }
}

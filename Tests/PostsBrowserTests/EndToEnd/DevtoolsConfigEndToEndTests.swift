import EndToEndSupport
import Foundation
import Testing

/// The built `posts` in tmux with a devtools config file: a rebound key changes the footer
/// and what the key does; a broken file is one message at start, and the defaults work.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct DevtoolsConfigEndToEndTests {
  @Test func aConfigThatRebindsRefetchToG() async throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-config")
    let file = tmux.path("config.json")
    try Data(#"{"panel": "stores", "keys": {"stores": {"refetch": "g"}}}"#.utf8)
      .write(to: URL(fileURLWithPath: file))
    try await tmux.launchPosts("--no-cache --config \(file)")
    try await tmux.waitUntil("the first post") { $0.postTitle.hasPrefix("Post #251") }
    // The panel named in the file is open, its footer says g refetches.
    try await tmux.waitUntil(containing: "S full screen")
    try await tmux.waitUntil("g refetch in the footer") {
      $0.hints.contains("g refetch") && !$0.hints.contains("r refetch")
    }
    try tmux.press("S")
    try await tmux.waitUntil(containing: "Queries · ")
    try tmux.press("/")
    try tmux.type("post 251")
    try tmux.press("Enter")
    try await tmux.waitUntil(containing: "Queries · 1 of")
    try tmux.press("j", "Enter")
    try await tmux.waitUntil(containing: "Store post · 251")
    try tmux.press("Tab", "Tab")
    try await tmux.waitUntil(containing: "run #1")
    try tmux.press("r")
    try tmux.press("g")
    try await tmux.waitUntil(containing: "run #2 refetch")
    let screen = try tmux.screen()
    #expect(!screen.text.contains("run #3"), "r refetched nothing:\n\(screen.text)")
    try tmux.press("Escape")
    try await tmux.waitUntil(containing: "Queries · 1 of")
    try tmux.press("Escape")
    try await tmux.waitUntil(notContaining: "Queries · 1 of")
    try tmux.press("Escape")
    try await tmux.waitUntil(containing: "S full screen")
    try await tmux.quitPosts()
  }

  @Test func aBrokenConfigIsOneMessageAndTheDefaults() async throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-bad-config")
    let folder = tmux.path("xdg")
    try FileManager.default.createDirectory(
      atPath: folder + "/tether", withIntermediateDirectories: true)
    try Data("{\n  \"theme\": \"light\",\n  \"keys\": {\"stores\": {\"fly\": \"f\"}}\n}".utf8)
      .write(to: URL(fileURLWithPath: folder + "/tether/config.json"))
    try await tmux.launchPosts("--no-cache", environment: "XDG_CONFIG_HOME=\(folder)")
    // The toast wraps the message where the width says.
    try await tmux.waitUntil("the file's one message") {
      $0.text.contains("line 3: keys.stores.fly is not an") && $0.text.contains("the defaults")
    }
    try tmux.press("s")
    try await tmux.waitUntil("r refetch in the footer") { $0.hints.contains("r refetch") }
    try await tmux.quitPosts()
  }
}

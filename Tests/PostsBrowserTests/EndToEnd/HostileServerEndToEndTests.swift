import EndToEndSupport
import Foundation
import Testing

/// The built `posts --url` against a server that turns hostile once the browser is up: every
/// fault of ``HostileMode`` reaches the feed (and the post), and the browser stays alive, says
/// what went wrong, draws nothing raw, quits on `q` and leaves the terminal as it found it.
///
/// One case at a time: each sends megabytes (10 MB titles, 33 MiB bodies) to its own `posts`,
/// and all of them at once would load a two-core machine far beyond a real session.
@Suite(.serialized, .onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct HostileServerEndToEndTests {
  /// Every fault but silence, which ``aStalledServerIsNoticedWithinSeconds()`` covers.
  static let faults: [HostileMode] = [
    .tooDeep, .nested, .truncated, .wrongShape, .hugeTitle, .hugeArray, .controlCharacters,
    .invalidUTF8, .resetMidBody, .overCap, .basicChallenge,
  ]

  @Test(arguments: faults)
  func theBrowserSurvives(_ fault: HostileMode) async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-hostile")
    try await tmux.launchPosts("--url \(server.url.absoluteString) --retries 0")
    try await tmux.waitUntil("the feed") { $0.feedTitle == "Posts · 30 of 30" }
    try await tmux.waitUntil("the first post") { $0.postText.hasPrefix("Post number 30") }

    server.mode = fault
    try tmux.press("r")
    switch fault {
    case .hugeTitle:
      // Shown cut — or, on a machine too slow to read 10 MB within the 8 s deadline (a
      // sanitizer build), the timeout in the feed's last line.
      let screen = try await tmux.waitUntil("the huge title, cut", timeout: 90) {
        ($0.feedTitle == "Posts · 1 of 1"
          && $0.feedRows.first?.contains("A very long title.") == true) || $0.hasFeedError
      }
      #expect(screen.lines.allSatisfy { $0.count <= 100 })
    case .hugeArray:
      let screen = try await tmux.waitUntil("100,000 posts", timeout: 90) {
        $0.feedTitle == "Posts · 100000 of 100000" || $0.hasFeedError
      }
      if !screen.hasFeedError {
        // Still answering keys with 100,000 posts loaded.
        try tmux.press("G")
        try await tmux.waitUntil(containing: "p1")
        try await tmux.waitUntil(containing: "100000 of 100000")
      }
    case .controlCharacters:
      try await tmux.waitUntil("the title, sanitised") {
        $0.feedTitle == "Posts · 1 of 1" && $0.text.contains("clear") && $0.text.contains("title")
      }
      let screen = try tmux.screen()
      #expect(!screen.text.contains("owned"))  // the OSC title sequence was removed whole
      #expect(screen.lines.first?.hasPrefix("┌ Posts") == true)  // nothing cleared the screen
    default:
      // An error with its hint in the feed's last line.
      try await tmux.waitUntil("the feed's error", timeout: 20) { $0.hasFeedError }
      #expect(try tmux.screen().feedTitle == "Posts · 30 of 30")  // the pages are kept
      // The post fails the same way, and says so.
      try tmux.press("2", "r")
      try await tmux.waitUntil("the post's error", timeout: 20) {
        $0.postText.contains("Couldn't load post #30") && $0.postText.contains("r to retry")
      }
    }
    try await tmux.quitPosts()
  }

  /// A server that stalls mid-session shows its first sign within seconds, and gives up
  /// within the interactive timeouts, not the transport's minute: `r` on the post sends its
  /// requests again, both the post and its comments say they timed out, and the post's
  /// content stays.
  @Test func aStalledServerIsNoticedWithinSeconds() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let tmux = try TmuxSession(width: 120, height: 30, name: "posts-stall")
    try await tmux.launchPosts("--url \(server.url.absoluteString) --retries 0")
    // Loaded in full before the stall: the post's own copy (the feed's shows at once, marked
    // refreshing), its author, and its comments' answer (a 404: this server has none). A load
    // still in flight was sent before the stall and may not be left waiting.
    try await tmux.waitUntil("the post loaded") {
      $0.postTitle == "Post #30"
        && $0.postText.hasPrefix("Post number 30 by Ada1 Lovelace (@ada1)")
        && $0.postText.contains("Couldn't load the comments: 404")
    }
    server.mode = .neverAnswer
    let start = Date()
    try tmux.press("2", "r")
    // The interactive total is 8 s and the transport's 60 s: the limits below are guards for a
    // loaded machine (tmux polled, the browser starved of a core), well short of the minute.
    try await tmux.waitUntil("the wait shown", timeout: 20) {
      // Counting seconds from 1 s on; a loaded machine's polling can miss a given second, and
      // the 1–4 s window with it: the timeout that ends it is as good a sign.
      $0.postText.contains("waiting for the server · ") || $0.postText.contains("timed out")
    }
    let screen = try await tmux.waitUntil("the timeouts", timeout: 30) {
      $0.postText.contains("Couldn't load post #30: timed out")
        && $0.postText.contains("Couldn't load the comments: timed out")
    }
    #expect(Date().timeIntervalSince(start) < 40)
    #expect(screen.postText.contains("Post number 30 by Ada1 Lovelace (@ada1)"))
    #expect(screen.postText.contains("The body of post 30."))
    try await tmux.quitPosts()
  }
}

extension TmuxScreen {
  /// Whether the feed's last line shows an error with its hint.
  fileprivate var hasFeedError: Bool {
    feedRows.last?.contains("⚠") == true && feedRows.last?.contains("m to retry") == true
  }
}

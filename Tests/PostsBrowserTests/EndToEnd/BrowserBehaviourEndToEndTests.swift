import EndToEndSupport
import Foundation
import Testing

/// The built `posts` in tmux, one behaviour of issue 12 at a time, with the embedded service's
/// faults aimed at one route.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct BrowserBehaviourEndToEndTests {
  @Test func theFeedFillsEveryRowAt200x60() async throws {
    let tmux = try TmuxSession(width: 200, height: 60, name: "posts-fill")
    try await tmux.launchPosts("--page-size 3")
    // 55 rows for titles under the border, above the feed's last line: 19 pages of 3.
    // The rows as well as the title: a capture can catch a frame half written to the pane.
    let screen = try await tmux.waitUntil("the rows filled") { screen in
      screen.feedTitle == "Posts · 57 of 251"
        && screen.feedRows.dropLast().allSatisfy {
          !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }
    let rows = screen.feedRows.dropLast()  // the feed's last line
    #expect(rows.count == 55)
    #expect(rows.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    try await tmux.quitPosts()
  }

  @Test func aFailedAuthorIsShownAndRetriedWithThePost() async throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-author")
    try await tmux.launchPosts("--fail-rate 1 --fault-routes /users --retries 0")
    try await tmux.waitUntil("the failed author") {
      $0.postText.contains("Couldn't load the author:") && $0.postText.contains("by user #")
    }
    try tmux.press("f")  // 100% → 0%
    try await tmux.waitUntil(containing: "server: no faults")
    try tmux.press("2", "r")
    try await tmux.waitUntil("the author") {
      !$0.postText.contains("Couldn't load the author") && $0.postText.contains("(@")
    }
    try await tmux.quitPosts()
  }

  @Test func aFailedEditKeepsTheText() async throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-edit")
    try await tmux.launchPosts("--fail-rate 1 --fault-routes \"PUT /posts\" --retries 0")
    try await tmux.waitUntil("the first post") { $0.postTitle.hasPrefix("Post #251") }
    try tmux.press("e")
    try await tmux.waitUntil(containing: "Edit post #251")
    try tmux.press("C-u")
    try tmux.type("Typed in tmux and refused")
    try tmux.press("C-s")
    try await tmux.waitUntil("the editor back with the error and the text") {
      $0.text.contains("Edit post #251") && $0.text.contains("Typed in tmux and refused")
        && $0.text.contains("Couldn't save:") && $0.text.contains("Ctrl-S to try again")
    }
    // Nothing was saved: the feed shows the old title behind the dialog.
    try tmux.press("Escape")
    try await tmux.waitUntil(containing: "Discard your changes?")
    try tmux.press("y")
    try await tmux.waitUntil("the dialog gone") {
      !$0.text.contains("Edit post #251") && !$0.text.contains("Typed in tmux")
    }
    try await tmux.quitPosts()
  }

  /// Fast `j`/`k`/`G` bursts cancel the fetch of every post left behind: the UI keeps
  /// answering throughout and quits at once. (The 90-second run is `tether-bench app`.)
  @Test func burstsOfMovesNeverFreezeTheScreen() async throws {
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-burst")
    try await tmux.launchPosts("--latency 300ms")
    try await tmux.waitUntil("the first pages") { $0.feedTitle.hasSuffix(" of 251") }
    // Ten rounds of bursts, each followed by a probe that must be answered within 20 s (on a
    // loaded machine a round takes a second or two; a frozen loop never answers).
    for _ in 0..<10 {
      for _ in 0..<5 {
        try tmux.tmux("send-keys", "-t", "main", "j", "j", "j", "j", "j", "k", "k", "j", "G", "k")
        try tmux.tmux("send-keys", "-t", "main", "g", "j", "j", "k", "j", "j", "j", "k", "j", "j")
      }
      // Still answering: the help opens and closes.
      try tmux.press("?")
      try await tmux.waitUntil(containing: "┌ Help ", timeout: 20)
      try tmux.press("Escape")
      try await tmux.waitUntil(notContaining: "┌ Help ", timeout: 20)
    }
    let quit = Date()
    try await tmux.quitPosts()
    // "At once", loosely for a loaded machine: `quitPosts` alone would accept 45 s.
    #expect(Date().timeIntervalSince(quit) < 20)
  }

  @Test func aTooSmallTerminalIgnoresX() async throws {
    let tmux = try TmuxSession(width: 40, height: 10, name: "posts-small")
    try await tmux.launchPosts("--log \(tmux.path("posts.log"))")
    try await tmux.waitUntil(containing: "Terminal too small")
    _ = try await tmux.file("posts.log")
    try tmux.press("x", "y", "x", "Enter")
    // The keys are read at once; give them a moment to do harm (a resize arriving with them
    // could be handled first) — nothing may reach the server.
    let log = tmux.path("posts.log")
    let deleted = try? await tmux.waitUntil("a DELETE in the log", timeout: 1.5) { _ in
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("DELETE")
    }
    #expect(deleted == nil)
    try tmux.resize(width: 100, height: 30)
    try await tmux.waitUntil("the browser") { $0.feedTitle == "Posts · 30 of 251" }
    #expect(!(try tmux.screen().text.contains("Delete post")))
    try await tmux.quitPosts()
    let requests = try String(contentsOfFile: log, encoding: .utf8)
    #expect(requests.contains("GET /posts"))
    #expect(!requests.contains("DELETE"))
  }

  @Test func helpScrollsAt80x24() async throws {
    let tmux = try TmuxSession(width: 80, height: 24, name: "posts-help")
    try await tmux.launchPosts("")
    try await tmux.waitUntil("the feed") { $0.feedTitle == "Posts · 20 of 251" }
    try tmux.press("?")
    try await tmux.waitUntil(containing: "Quit (Ctrl-Z suspends)")
    // The last entry, of the devtools' event log.
    let last = "Filter by path or kind (failed, run, value set…)"
    #expect(!(try tmux.screen().text.contains(last)))
    for _ in 0..<30 { try tmux.press("PageDown") }
    try await tmux.waitUntil("the end of the help") {
      $0.text.contains(last) && !$0.text.contains("Quit (Ctrl-Z suspends)")
    }
    try tmux.press("Escape")
    try await tmux.waitUntil(notContaining: last)
    try await tmux.quitPosts()
  }

  @Test func aMouseClickSelectsRow5() async throws {
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-mouse")
    try await tmux.launchPosts("")
    try await tmux.waitUntil("the feed") { $0.feedTitle == "Posts · 30 of 251" }
    let fifth = try #require(try tmux.screen().feedRows.dropFirst(4).first)
    let title = fifth.trimmingCharacters(in: .whitespaces)
    // A left press and release on row 5 (terminal coordinates count from 1), as SGR reports.
    try tmux.type("\u{1B}[<0;10;6M")
    try tmux.type("\u{1B}[<0;10;6m")
    try await tmux.waitUntil("row 5 selected") {
      $0.feedRows.dropFirst(4).first?.hasPrefix("› ") == true && $0.postText.hasPrefix(title)
    }
    try await tmux.quitPosts()
  }

  /// Quitting with requests in flight (the service takes 30 s to answer) ends at once: nothing
  /// waits for them.
  @Test func quittingNeverWaitsForARequestInFlight() async throws {
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-quit")
    try await tmux.launchPosts("--latency 30s")
    // Each attempt is in flight for 5 s (then the silence limit ends it) and the status line
    // says so; between attempts a retry is pending. Either way the first page is on its way.
    try await tmux.waitUntil("the first page on its way", timeout: 40) {
      $0.text.contains(" 1 in flight") || $0.feedRows.last?.contains("retry in") == true
    }
    let start = Date()
    try await tmux.quitPosts()
    // When `posts` ended: the launch script writes the terminal settings to `after` right
    // after it, so the file's date leaves out how long this test took to poll the screen.
    let after = try FileManager.default.attributesOfItem(atPath: tmux.path("after"))
    let ended = try #require(after[.modificationDate] as? Date)
    #expect(ended.timeIntervalSince(start) < 3)
  }
}

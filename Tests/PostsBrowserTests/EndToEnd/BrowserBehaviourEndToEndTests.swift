import EndToEndSupport
import Foundation
import Testing

/// The built `posts` in tmux, one behaviour of issue 12 at a time, with the embedded service's
/// faults aimed at one route.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct BrowserBehaviourEndToEndTests {
  @Test func theFeedFillsEveryRowAt200x60() throws {
    let tmux = try TmuxSession(width: 200, height: 60, name: "posts-fill")
    try tmux.launchPosts("--page-size 3")
    // 55 rows for titles under the border, above the feed's last line: 19 pages of 3.
    let screen = try tmux.waitForScreen("the rows filled") { $0.feedTitle == "Posts · 57 of 251" }
    let rows = screen.feedRows.dropLast()  // the feed's last line
    #expect(rows.count == 55)
    #expect(rows.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    try tmux.quitPosts()
  }

  @Test func aFailedAuthorIsShownAndRetriedWithThePost() throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-author")
    try tmux.launchPosts("--fail-rate 1 --fault-routes /users --retries 0")
    try tmux.waitForScreen("the failed author") {
      $0.postText.contains("Couldn't load the author:") && $0.postText.contains("by user #")
    }
    try tmux.press("f")  // 100% → 0%
    try tmux.waitForScreen(containing: "fail 0% ")
    try tmux.press("2", "r")
    try tmux.waitForScreen("the author") {
      !$0.postText.contains("Couldn't load the author") && $0.postText.contains("(@")
    }
    try tmux.quitPosts()
  }

  @Test func aFailedEditKeepsTheText() throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-edit")
    try tmux.launchPosts("--fail-rate 1 --fault-routes \"PUT /posts\" --retries 0")
    try tmux.waitForScreen("the first post") { $0.postTitle.hasPrefix("Post #251") }
    try tmux.press("e")
    try tmux.waitForScreen(containing: "Edit post #251")
    try tmux.press("C-u")
    try tmux.type("Typed in tmux and refused")
    try tmux.press("C-s")
    try tmux.waitForScreen("the editor back with the error and the text") {
      $0.text.contains("Edit post #251") && $0.text.contains("Typed in tmux and refused")
        && $0.text.contains("Couldn't save:") && $0.text.contains("Ctrl-S to try again")
    }
    // Nothing was saved: the feed shows the old title behind the dialog.
    try tmux.press("Escape")
    try tmux.waitForScreen(containing: "Discard the post?")
    try tmux.press("y")
    try tmux.waitForScreen("the dialog gone") {
      !$0.text.contains("Edit post #251") && !$0.text.contains("Typed in tmux")
    }
    try tmux.quitPosts()
  }

  /// Fast `j`/`k`/`G` bursts cancel the fetch of every post left behind: the UI keeps
  /// answering throughout and quits at once. (The 90-second run is `tether-bench app`.)
  @Test func burstsOfMovesNeverFreezeTheScreen() throws {
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-burst")
    try tmux.launchPosts("--latency 300ms")
    try tmux.waitForScreen("the first pages") { $0.feedTitle.hasSuffix(" of 251") }
    let end = Date().addingTimeInterval(15)
    var probes = 0
    while Date() < end {
      for _ in 0..<5 {
        try tmux.tmux("send-keys", "-t", "main", "j", "j", "j", "j", "j", "k", "k", "j", "G", "k")
        try tmux.tmux("send-keys", "-t", "main", "g", "j", "j", "k", "j", "j", "j", "k", "j", "j")
      }
      // Still answering: the help opens and closes.
      try tmux.press("?")
      try tmux.waitForScreen(containing: "Help —", timeout: 5)
      try tmux.press("Escape")
      try tmux.waitForScreen(notContaining: "Help —", timeout: 5)
      probes += 1
    }
    #expect(probes > 5)
    let quit = Date()
    try tmux.quitPosts()
    #expect(Date().timeIntervalSince(quit) < 5)
  }
}

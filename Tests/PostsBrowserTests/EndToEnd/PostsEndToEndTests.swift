import EndToEndSupport
import Foundation
import Testing

/// The built `posts` binary with its embedded Posts service, in a real terminal (tmux): the
/// feed, a post, a new post, faults and retries, resizing, quitting — and the terminal
/// settings (`stty -g`) unchanged afterwards.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct PostsEndToEndTests {
  @Test func browseCreateFailRecoverResizeAndQuit() async throws {
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts")
    // One retry keeps the failure short: attempt 1 fails, 1 s backoff, attempt 2 fails.
    try await tmux.launchPosts("--retries 1")
    // The first pages fill the feed's 25 rows.
    try await tmux.waitUntil("the first pages") {
      $0.feedTitle == "Posts · 30 of 251" && $0.selectedFeedTitle != nil
    }

    // Scroll: near the end of the loaded posts the next page loads by itself.
    var selectedRow = 0
    while try !tmux.screen().feedTitle.hasSuffix("40 of 251"), selectedRow < 30 {
      try tmux.press("j")
      selectedRow += 1
      // The feed's last line says where the selection is.
      try await tmux.waitUntil("the selection on post \(selectedRow + 1)") {
        $0.text.contains("\(selectedRow + 1) of 30 loaded · 251")
          || $0.text.contains("\(selectedRow + 1) of 40 loaded · 251")
      }
    }
    try await tmux.waitUntil("the fourth page") { $0.feedTitle == "Posts · 40 of 251" }

    // Open the selected post: the post panel takes the keys and shows the post.
    let opened = try #require(try tmux.screen().selectedFeedTitle)
    try tmux.press("Enter")
    try await tmux.waitUntil("the post panel focused on “\(opened)”") {
      $0.hints.contains("Esc/h/← back  r refetch") && $0.postTitle.hasPrefix("Post #")
        && $0.postText.hasPrefix(opened)
    }

    // Create a post: it is announced and heads the feed.
    let newTitle = "Written in tmux by the e2e test"
    try tmux.press("n")
    try await tmux.waitUntil(containing: "New post")
    try tmux.type(newTitle)
    try tmux.press("Tab")
    try tmux.type("A body from the end-to-end test.")
    try tmux.press("C-s")
    // The toast lasts a few seconds; a loaded machine's polling can miss it, and then the feed
    // counting 252 with the dialog closed is the sign.
    try await tmux.waitUntil("the post created") {
      $0.text.contains("Post #252 created")
        || (!$0.text.contains("New post") && $0.feedTitle.hasSuffix(" of 252"))
    }
    // The selection stays on the opened post, one row further down.
    try await tmux.waitUntil("the opened post one row down") {
      !$0.text.contains("New post") && $0.feedTitle.hasSuffix(" of 252")
        && $0.text.contains("\(selectedRow + 2) of 40 loaded · 252")
        && $0.selectedFeedTitle == opened && $0.postText.hasPrefix(opened)
    }
    try tmux.press("1", "g", "Enter")
    try await tmux.waitUntil("the new post at the top of the feed, open") {
      $0.feedRows.first?.trimmingCharacters(in: .whitespaces) == "› " + newTitle
        && $0.postText.hasPrefix(newTitle)
    }
    let title = newTitle

    // 100% failure: the refetch retries with a live countdown, then gives up.
    for rate in ["25%", "50%", "100%"] {
      try tmux.press("f")
      try await tmux.waitUntil(containing: "fail \(rate) ")
    }
    try tmux.press("r")
    try await tmux.waitUntil("the retry countdown") {
      $0.postText.contains("attempt 1 of 2 failed — retrying in")
        && $0.postTitle.hasSuffix("· refreshing") && $0.postText.contains(title)
    }
    try await tmux.waitUntil("the final error") {
      $0.postText.contains("r to retry") && $0.postText.contains("Couldn't load post #")
        && $0.postText.contains(title)
    }

    // 0% failure and `r`: the post loads again.
    try tmux.press("f")
    try await tmux.waitUntil(containing: "server: no faults")
    try tmux.press("r")
    try await tmux.waitUntil("the post recovered") {
      !$0.postText.contains("r to retry") && !$0.postTitle.contains("refreshing")
        && $0.postText.hasPrefix(title)
    }

    try tmux.resize(width: 120, height: 40)
    try await tmux.waitUntil("the layout at 120×40") {
      $0.fillsLayout(width: 120, height: 40) && $0.postText.hasPrefix(title)
    }

    try await tmux.quitPosts()
  }

  @Test func aTooSmallTerminalSaysSoUntilItGrows() async throws {
    let tmux = try TmuxSession(width: 60, height: 20, name: "posts")
    try await tmux.launchPosts("")
    try await tmux.waitUntil(containing: "Terminal too small")
    try await tmux.waitUntil(containing: "need 80×24, have 60×20")

    try tmux.resize(width: 100, height: 30)
    try await tmux.waitUntil("the browser at 100×30") {
      $0.fillsLayout(width: 100, height: 30) && $0.feedTitle == "Posts · 30 of 251"
        && !$0.text.contains("Terminal too small")
    }

    try tmux.resize(width: 79, height: 30)
    try await tmux.waitUntil(containing: "need 80×24, have 79×30")
    // Quitting works while the message shows.
    try await tmux.quitPosts()
  }
}

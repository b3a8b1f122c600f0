import EndToEndSupport
import Foundation
import Testing

/// The built `posts` in tmux with its devtools, as a user would go through them: the full
/// store view, a filter, a store's detail, its value unfolded, the timeline growing through a
/// retry that waits the `Retry-After` set in the faults dialog, trigger error, a mutation
/// retry refused then confirmed, the post panel's store removed and back, the network log.
///
/// After Esc it always waits for the screen to change: a key sent right after Esc would reach
/// the browser as Alt and that key.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct DevtoolsEndToEndTests {
  @Test func theDevtoolsAsAUserGoesThroughThem() async throws {
    let tmux = try TmuxSession(width: 120, height: 35, name: "posts-devtools")
    try await tmux.launchPosts("--retries 2")
    try await tmux.waitUntil("the first post") { $0.postTitle.hasPrefix("Post #251") }
    try await tmux.waitUntil(containing: "by ")

    // The full store view, filtered, and a store's detail with its value unfolded.
    try tmux.press("S")
    // The comments of post 251, its post and author, the feed, and the change stream.
    try await tmux.waitUntil(containing: "Queries · 5")
    try tmux.press("/")
    try tmux.type("post 251")
    try tmux.press("Enter")
    try await tmux.waitUntil(containing: "Queries · 1 of 5")
    try tmux.press("j", "Enter")
    try await tmux.waitUntil(containing: "Store post · 251")
    try tmux.press("Tab")
    try await tmux.waitUntil(containing: "▸ reactions: {2}")
    try tmux.press("*")
    try await tmux.waitUntil(containing: "▾ reactions: {2}")

    // 100% failures, 429 with Retry-After 2 s, set in the faults dialog and applied live.
    try tmux.press("Tab")
    try await tmux.waitUntil(containing: "run #1")
    try tmux.press("F")
    try await tmux.waitUntil(containing: "Faults · injected by the server")
    try tmux.press("Right", "Right", "Right", "Right", "Right", "Down", "Right", "Right", "Right")
    try tmux.press("Down", "Right", "Right")
    try await tmux.waitUntil(containing: "server: fail 100% 429 Retry-After 2 s")
    try tmux.press("Escape")
    try await tmux.waitUntil(notContaining: "Faults · injected")
    // The timeline grows while the retry waits the 2 s the server asked for.
    try tmux.press("r")
    try await tmux.waitUntil(containing: "run #2 refetch")
    // Seen while it waits, or — when a loaded machine's polling misses those 2 s — in the
    // attempt that followed the wait.
    try await tmux.waitUntil("the second attempt waiting 2 s") {
      ($0.text.contains("attempt 2 of run #2 · waits until")
        && $0.text.contains("after a backoff of 2.0 s"))
        || $0.text.contains("of run #2 · started") && $0.text.contains("after waiting 2.0 s")
    }
    try await tmux.waitUntil("the run failed after 3 attempts", timeout: 15) {
      $0.text.contains("✖ 3 attempts")
    }
    try tmux.press("F")
    try await tmux.waitUntil(containing: "Faults · injected by the server")
    for _ in 0..<10 { try tmux.press("Down") }
    try tmux.press("Enter")
    try await tmux.waitUntil(containing: "server: no faults")
    try tmux.press("Escape")
    try await tmux.waitUntil(notContaining: "Faults · injected")
    try tmux.press("r")
    try await tmux.waitUntil("a refetch that succeeds") { screen in
      screen.lines.contains { $0.contains("run #3 refetch") && $0.contains("✔") }
    }

    // Back to the panel; trigger error shows a failure in the post panel without a request.
    try tmux.press("Escape")
    try await tmux.waitUntil(containing: "Queries · 1 of 5")
    try tmux.press("Escape")  // clears the filter
    try await tmux.waitUntil(containing: "Queries · 5")
    try tmux.press("Escape")
    try await tmux.waitUntil(containing: "S full screen")
    try tmux.press("E")
    try await tmux.waitUntil(containing: "Which failure should post · 251 show?")
    try tmux.press("1")
    try await tmux.waitUntil("the post panel failing") {
      $0.postText.contains("Couldn't load post #251") && $0.postText.contains("503")
    }
    try tmux.press("u")
    try await tmux.waitUntil("restored") { !$0.postText.contains("Couldn't load post #251") }

    // Removing the post panel's store asks, then the panel makes it again: no ghost.
    try tmux.press("x")
    try await tmux.waitUntil(containing: "Remove post · 251 from the client?")
    try tmux.press("y")
    try await tmux.waitUntil(containing: "Removed post · 251")
    try await tmux.waitUntil(containing: "post · 251  ◀ post")

    // A mutation is never re-sent by `r`; retry latest asks, refused then confirmed.
    try tmux.press("1", "n")
    try await tmux.waitUntil(containing: "New post")
    try tmux.type("Sent from the devtools test")
    try tmux.press("C-s")
    try await tmux.waitUntil(containing: "Post #252 created")
    try tmux.press("3", "/")
    try tmux.press("C-u")
    try tmux.type("add")
    try tmux.press("Enter")
    try await tmux.waitUntil(containing: "Mutations · 1 of ")
    try tmux.press("G", "r")  // the latest attempt: its store is the mutation
    try await tmux.waitUntil(containing: "never refetched")
    try tmux.press("R")
    try await tmux.waitUntil(containing: "Sent from the devtools test")
    try tmux.press("n")
    try await tmux.waitUntil(notContaining: "Send again")
    try tmux.press("R")
    try await tmux.waitUntil(containing: "Send again")
    try tmux.press("y")
    try await tmux.waitUntil(containing: "sent again: it succeeded")

    // The network log: every request with its store.
    try tmux.press("N")
    try await tmux.waitUntil(containing: "Network · ")
    try await tmux.waitUntil(containing: "POST   /posts/add")
    try await tmux.quitPosts()
  }
}

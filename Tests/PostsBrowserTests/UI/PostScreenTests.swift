import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

@Suite struct PostScreenTests {
  @Test func theSelectedPostShowsItsDetailsAndAuthor() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1 (@user1) · 250 views")
    await browser.settle()
    #expect(browser.text.contains("Post #25"))
    #expect(browser.text.contains("#tag1"))
    #expect(browser.text.contains("▲ 50 likes   ▼ 1 dislikes"))
    #expect(browser.text.contains("Body of post 25."))
    browser.press("j")
    await browser.waitFor("by First5 Last5 (@user5) · 240 views")
    #expect(browser.text.contains("Post #24"))
  }

  @Test func aPostNotLoadedYetShowsTheFeedsCopyMarkedRefreshing() async throws {
    let browser = try BrowserHarness { $0.delay("/posts/25", by: .seconds(3)) }
    await browser.waitFor("Posts · 25 of 25")
    await browser.waitForDelayedResponse(dueWithin: .seconds(3))
    // Drawn from the feed's page at once, while the post itself loads.
    #expect(browser.text.contains("Post #25 · refreshing"))
    #expect(browser.text.contains("Body of post 25."))
    #expect(!browser.text.contains("Loading post"))
    browser.advance(by: .seconds(1))
    #expect(browser.text.contains("Refreshing… waiting for the server · 1 s"))
    browser.advance(by: .seconds(1))
    #expect(browser.text.contains("waiting for the server · 2 s"))
    await browser.release(after: .seconds(1))
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    #expect(!browser.text.contains("waiting for the server"))
    #expect(browser.text.contains("Body of post 25."))
  }

  /// `r` on a post still loading asks for it again, as it does for the comments: the load in
  /// flight (sent before the server stalled, say) is given up, and the wait counts from the
  /// new request.
  @Test func refetchingAPostStillLoadingSendsANewRequest() async throws {
    let browser = try BrowserHarness { $0.delay("/posts/25", by: .seconds(3)) }
    await browser.waitFor("Posts · 25 of 25")
    await browser.waitForDelayedResponse(dueWithin: .seconds(3))
    browser.advance(by: .seconds(2))
    #expect(browser.text.contains("Refreshing… waiting for the server · 2 s"))
    #expect(browser.requests(to: "/posts/25") == 1)
    browser.press(.tab, "r")
    await browser.waitForDelayedResponse(dueWithin: .seconds(3))
    #expect(browser.requests(to: "/posts/25") == 2)
    // The first load's answer would have come now; the post still waits for the second.
    browser.advance(by: .seconds(1))
    #expect(browser.text.contains("Post #25 · refreshing"))
    #expect(browser.text.contains("Refreshing… waiting for the server · 1 s"))
    await browser.release(after: .seconds(2))
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    #expect(!browser.text.contains("waiting for the server"))
  }

  @Test func refreshingKeepsTheContentWithAMark() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    browser.backend.delay("/posts/25", by: .seconds(1))
    browser.press(.tab, "r")
    await browser.waitFor("Post #25 · refreshing")
    #expect(browser.text.contains("Body of post 25."))
    await browser.release(after: .seconds(1))
    await browser.waitUntil("the refresh to end") { !$0.text.contains("refreshing") }
  }

  @Test func aPostIsMarkedStaleAfterThirtySeconds() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    #expect(!browser.text.contains("stale"))
    browser.advance(by: .seconds(30))
    #expect(browser.text.contains("Post #25 · stale"))
  }

  @Test func retriesKeepTheContentAndSayWhyThenTheErrorNamesAKeyThatWorks() async throws {
    let browser = try BrowserHarness(size: Size(width: 150, height: 35), retries: 1) {
      $0.fail("/posts/25", status: 500, message: "Server exploded")
    }
    await browser.waitFor("attempt 1 of 2 failed — retrying in 1.0 s · 500: Server exploded")
    #expect(browser.text.contains("Body of post 25."))
    #expect(browser.text.contains("Post #25 · refreshing"))
    browser.advance(by: .milliseconds(700))
    #expect(browser.text.contains("retrying in 0.3 s"))
    await browser.release(after: .milliseconds(300))
    // Focus is in the feed, where `r` retries what failed on screen.
    await browser.waitFor(
      "Couldn't load post #25 after 2 attempts: 500: Server exploded — r to retry")
    #expect(browser.text.contains("Body of post 25."))
    // From the store panel, the hint names the way there.
    browser.press("s", "3")
    #expect(browser.text.contains("— 2 then r to retry"))
    browser.press("1")
    browser.backend.heal("/posts/25")
    browser.press("r")
    await browser.waitUntil("the post loaded again") {
      !$0.text.contains("Couldn't load") && !$0.text.contains("refreshing")
    }
    #expect(browser.text.contains("Body of post 25."))
  }

  /// With latency, a retry whose wait is over is in flight: the post says it is sending it,
  /// counting the seconds, instead of "retrying in 0.0 s" until the answer comes.
  @Test func aSentRetrySaysSoInsteadOfACountdownAtZero() async throws {
    let browser = try BrowserHarness(size: Size(width: 150, height: 35), retries: 3) {
      $0.fail("/posts/25", status: 500, message: "Server exploded")
    }
    await browser.waitFor("attempt 1 of 4 failed — retrying in 1.0 s · 500: Server exploded")
    browser.backend.delay("/posts/25", by: .milliseconds(1500))
    await browser.release(after: .seconds(1))
    await browser.waitFor("sending attempt 2 of 4 · 0 s · 500: Server exploded")
    #expect(!browser.text.contains("retrying in 0.0 s"), "\(browser.text)")
    browser.advance(by: .seconds(1))
    #expect(browser.text.contains("sending attempt 2 of 4 · 1 s"), "\(browser.text)")
    await browser.release(after: .milliseconds(500))
    await browser.waitFor("attempt 2 of 4 failed — retrying in 2.0 s")
  }

  @Test func aFailedAuthorShowsAsFailedAndIsRetriedWithThePost() async throws {
    let browser = try BrowserHarness(size: Size(width: 120, height: 35), retries: 0) {
      $0.fail("/users/1", status: 503, message: "Users are napping")
    }
    await browser.waitFor("⚠ Couldn't load the author: 503: Users are napping — r to retry")
    #expect(browser.text.contains("by user #1 · 250 views"))
    browser.backend.heal("/users/1")
    let users = browser.backend.transport.requests.filter { $0.url?.path == "/users/1" }.count
    browser.press(.tab, "r")
    await browser.waitFor("by First1 Last1 (@user1) · 250 views")
    #expect(!browser.text.contains("Couldn't load the author"))
    #expect(
      browser.backend.transport.requests.filter { $0.url?.path == "/users/1" }.count == users + 1)
  }

  @Test func anAuthorThatFailedIsFetchedAgainWhenThePostIsRefetched() async throws {
    let browser = try BrowserHarness(retries: 0) {
      $0.fail("/users/1", status: 503, message: "Users are napping")
    }
    await browser.waitFor("Couldn't load the author")
    browser.backend.heal("/users/1")
    // Any refetch of the post — here the devtools' `r` on the post's store — takes the
    // author with it.
    browser.press("s")
    browser.select(["post", 25])
    browser.press("r")
    await browser.waitFor("by First1 Last1 (@user1) · 250 views")
  }

  @Test func offlineTheRefetchWaitsAndSaysSo() async throws {
    let network = ManualCondition(true)
    let browser = try BrowserHarness(connectivity: network)
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    network.set(false)
    browser.press(.tab, "r")
    await browser.waitFor("Offline: the request waits for the network")
    #expect(browser.text.contains("Body of post 25."))
    network.set(true)
    await browser.waitUntil("the refetch done") {
      !$0.text.contains("Offline") && !$0.text.contains("refreshing")
    }
  }

  /// At 80 columns the post panel wraps its offline note and the feed's ends in an ellipsis:
  /// neither is cut off mid-word at the panel's edge.
  @Test func atEightyColumnsTheOfflineNotesAreWholeOrEndInAnEllipsis() async throws {
    let network = ManualCondition(true)
    let browser = try BrowserHarness(size: Size(width: 80, height: 24), connectivity: network)
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    network.set(false)
    browser.press("r", .tab, "r")
    await browser.waitFor("the server")
    #expect(browser.text.contains("Offline: the request waits for the network or"))
    #expect(browser.text.contains("Offline: waiting for the"))
    let feedNote = browser.text.split(separator: "\n").first { $0.contains("Offline: waiting") }
    #expect(feedNote?.contains("…") == true)
    network.set(true)
    await browser.waitUntil("the refetches done") { !$0.text.contains("Offline") }
  }

  @Test func regainingFocusRefetchesThePostAndItsAuthor() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1 (@user1)")
    await browser.settle()
    let posts = browser.backend.transport.requests.filter { $0.url?.path == "/posts/25" }.count
    let users = browser.backend.transport.requests.filter { $0.url?.path == "/users/1" }.count
    browser.input.send(.focus(false))
    browser.input.send(.focus(true))
    browser.loop.runUntilIdle()
    await browser.waitUntil("a refetch of post 25 and user 1") { browser in
      let requests = browser.backend.transport.requests
      return requests.filter { $0.url?.path == "/posts/25" }.count == posts + 1
        && requests.filter { $0.url?.path == "/users/1" }.count == users + 1
    }
  }

  @Test func hugeTitlesBodiesAndTagListsAreCutAndTheScreenStaysUsable() async throws {
    let title = String(repeating: "Long title ", count: 100_000)  // 1.1 MB
    let browser = try BrowserHarness(title: { $0 == 25 ? title : "Post \($0)" })
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    #expect(browser.screen.lines[1].contains("› Long title Long title"))
    #expect(browser.screen.lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    browser.press("j", "k", "q")
    #expect(browser.loop.isFinished)
  }
}

import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

@Suite struct PanelScreenTests {
  @Test func theDevtoolsPanelListsEveryStoreLiveAndMarksWhatIsShown() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s")
    #expect(browser.app.focus == .stores)
    #expect(browser.text.contains("Stores · 4 · S full screen"))
    #expect(browser.text.contains("post · 25  ◀ post"))
    #expect(browser.text.contains("posts · feed  ◀ feed"))
    #expect(browser.text.contains("user · 1  ◀ author"))
    // The header counts the queries by state.
    #expect(browser.text.contains("● 3"))
    browser.select(["post", 25])
    browser.press(.enter)
    #expect(browser.text.contains("Store post · 25"))
    #expect(browser.text.contains(#"path             ["post", 25]"#))
    browser.press(.tab)  // the value
    #expect(browser.text.contains(#"title: "Post 25""#))
    browser.press(.escape)
    #expect(browser.text.contains("Stores · 4"))
    // Esc on the store view gives focus back to the feed; `s` hides the panel.
    browser.press(.escape)
    #expect(browser.app.focus == .feed)
    browser.press("s")
    #expect(!browser.text.contains("Stores · 4"))
  }

  @Test func thePostPanelListsThePostsComments() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    #expect(browser.text.contains("Comments · 2 of 2"))
    #expect(browser.text.contains("@user1 · 1 like"))
    #expect(browser.text.contains("Comment 2 on post 25"))
    browser.press("s")
    #expect(browser.text.contains("comments · 25"))
  }

  @Test func fullScreenDevtoolsAndBack() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("S")
    #expect(!browser.text.contains("Posts · 25 of 25"), "the devtools cover the panels")
    #expect(browser.text.contains("Stores · 4"))
    #expect(!browser.text.contains("S full screen"))
    // Its footer: S goes back to the panel, and Tab, with no other panel shown, is not offered.
    let keys = browser.app.hints.map(\.keys)
    #expect(browser.app.hints.first { $0.keys == "S" }?.label == "panel")
    #expect(!keys.contains("Tab"))
    browser.press(.escape)
    #expect(browser.text.contains("Posts · 25 of 25"))
    #expect(browser.text.contains("Stores · 4 · S full screen"))
    #expect(browser.app.hints.contains { $0.keys == "Tab" })
    // Enter on the panel's title goes full screen too.
    browser.press(.up, .enter)
    #expect(!browser.text.contains("Posts · 25 of 25"))
    // Esc leaves the title, then full screen, then the devtools.
    browser.press(.escape, .escape)
    #expect(browser.text.contains("Posts · 25 of 25"))
    browser.press(.escape)
    #expect(browser.app.focus == .feed)
    #expect(browser.text.contains("Posts · 25 of 25"))
  }

  @Test func removingThePostPanelsStoreAsksThenMakesItAgain() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    let removed = try #require(browser.model.client.store(at: ["post", 25]))
    let fetches = browser.requests(to: "/posts/25")
    browser.press("s")
    browser.select(["post", 25])
    browser.press("x")
    #expect(browser.text.contains("It has 2"), "\(browser.text)")
    browser.press("n")
    #expect(browser.model.client.store(at: ["post", 25]) === removed, "refused: nothing removed")
    browser.press("x", "y")
    // No ghost: the post panel shows a store the client knows, fetched again.
    await browser.waitUntil("post 25 fetched again") { $0.requests(to: "/posts/25") == fetches + 1 }
    let again = try #require(browser.model.client.store(at: ["post", 25]))
    #expect(again !== removed)
    #expect(browser.app.selection?.post === again)
    await browser.waitFor("Body of post 25.")
    #expect(browser.text.contains("post · 25  ◀ post"))
  }

  @Test func theFeedIsNotRemovedAndResettingItKeepsTheRows() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("s")
    browser.select(["posts", "feed"])
    browser.press("x")
    #expect(browser.text.contains("is not removed: the feed lives as"))
    #expect(browser.model.client.store(at: ["posts", "feed"]) === browser.model.feed)
    // Resetting the observed feed asks, then its three pages load again to fill the rows.
    let pages = browser.requests(to: "/posts")
    browser.press("z")
    #expect(browser.text.contains("Reset posts · feed? It has 1"))
    browser.press("y")
    await browser.waitUntil("the feed's pages again") { $0.requests(to: "/posts") == pages + 3 }
    await browser.waitFor("Posts · 25 of 25")
  }

  @Test func invalidatingThePostRefetchesIt() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s")
    browser.select(["post", 25])
    let fetches = browser.requests(to: "/posts/25")
    browser.press("i")
    await browser.waitUntil("a refetch of post 25") { $0.requests(to: "/posts/25") == fetches + 1 }
  }

  @Test func aHugeValueIsExploredWithoutDrawingAllOfIt() async throws {
    let title = String(repeating: "Long title ", count: 100_000)  // 1.1 MB
    let browser = try BrowserHarness(title: { $0 == 25 ? title : "Post \($0)" })
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("s")
    browser.select(["post", 25])
    browser.press(.enter, .tab)
    #expect(browser.text.contains("title: \"Long title Long title"))
    for _ in 0..<5 { browser.press(.pageDown) }
    browser.press("G", "g")
    #expect(browser.text.contains("value: {"))
    browser.press(.escape)
    #expect(browser.text.contains("Stores · 4"))
  }

  @Test func helpIsGeneratedFromTheKeymaps() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    #expect(browser.text.contains("n new"))
    browser.press("?")
    #expect(browser.text.contains("┌ Help "))
    #expect(browser.text.contains("Write a new post"))
    #expect(browser.text.contains("Load more posts"))
    // Keys go to the help while it is open: `x` deletes nothing.
    browser.press("x")
    #expect(browser.text.contains("┌ Help "))
    #expect(browser.app.deletion == nil)
    browser.press(.escape)
    #expect(!browser.text.contains("┌ Help "))
  }

  @Test func helpScrollsAndFiltersAt80x24() async throws {
    let browser = try BrowserHarness(size: Size(width: 80, height: 24))
    await browser.waitFor("Posts · 20 of 25")
    browser.press("?")
    // Too long for the screen: it says where it is, and scrolls.
    let first = try #require(browser.screen.lines.first { $0.contains(" of ") && $0.contains("–") })
    #expect(first.contains("1–"))
    #expect(!browser.text.contains("Filter by path (Enter keeps it, Esc clears)"))
    for _ in 0..<80 { browser.press("j") }
    #expect(browser.text.contains("Filter by path (Enter keeps it, Esc clears)"))
    #expect(!browser.text.contains("Quit (Ctrl-Z suspends)"))
    browser.press("g", "/")
    browser.type("latency")
    #expect(browser.text.contains("Latency: 0 → 300 ms"))
    #expect(!browser.text.contains("Write a new post"))
    browser.press(.enter, .escape)  // keep the filter, then clear it
    #expect(browser.text.contains("Write a new post"))
    browser.press(.escape)
    #expect(!browser.text.contains("┌ Help "))
  }

  @Test func aTooSmallTerminalIgnoresKeys() async throws {
    let browser = try BrowserHarness(size: Size(width: 40, height: 10))
    await browser.waitUntil("the first page") { $0.model.feedPosts.count == 10 }
    await browser.settle()
    #expect(browser.text.contains("Terminal too small"))
    browser.press("x", "y", "n", "e", "d", .enter, "j", "j")
    #expect(browser.app.deletion == nil && browser.app.editor == nil)
    #expect(browser.backend.transport.requests.allSatisfy { $0.httpMethod == "GET" })
    #expect(browser.app.feedList.selection == 0)
    #expect(!browser.loop.isFinished)
    browser.press("q")
    #expect(browser.loop.isFinished)
  }

  @Test func aSmallTerminalShowsAMessageInsteadOfTheLayout() async throws {
    let browser = try BrowserHarness(size: Size(width: 60, height: 20))
    #expect(browser.text.lowercased().contains("too small"))
    #expect(!browser.text.contains("Posts ·"))
    browser.input.send(.resize(Size(width: 80, height: 24)))
    browser.screen.resize(to: Size(width: 80, height: 24))
    await browser.waitFor("Posts · 20 of 25")
    await browser.settle()
  }

  @Test func withoutTheEmbeddedServiceTheClientInjectsFaults() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    #expect(browser.text.contains("client: no faults"))
    browser.press("f", "L")
    #expect(browser.text.contains("client: fail 25% 500/503 · latency 300 ms"))
    #expect(browser.model.clientFaults.plan.failureRate == 0.25)
  }

  @Test func theStatusBarCountsRequestsInFlightAndDrawsTheirSparkline() async throws {
    let browser = try BrowserHarness { $0.delay("/posts/25", by: .seconds(1)) }
    await browser.waitFor("· 1 in flight")
    await browser.release(after: .seconds(1))
    await browser.waitFor("· 0 in flight")
    // Three requests: the feed and the author at once, the post after a second (the tallest).
    #expect(browser.screen.lines[28].contains("▁▁█"))
  }

  @Test func numbersJumpToPanelsAndArrowsMoveInAndOut() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    for (keys, panel) in [
      ([Key("2")], PostsBrowserApp.Panel.post), ([Key("1")], .feed), (["l"], .post),
      ([.escape], .feed), ([.right], .post), (["h"], .feed), ([.enter], .post), ([.left], .feed),
      (["3"], .stores), ([.escape], .feed),
    ] as [([Key], PostsBrowserApp.Panel)] {
      for key in keys { browser.press(key) }
      #expect(browser.app.focus == panel, "after \(keys)")
    }
    // `3` shows the store panel when it is hidden.
    #expect(browser.text.contains("Stores ·"))
    // The focused panel's border title is drawn in its own style, and the footer follows.
    browser.press("2")
    #expect(browser.screen.lines.last?.hasPrefix("q/Ctrl-C quit  Esc/h/← back  r refetch") == true)
  }

  @Test func modalsShowTheirOwnKeysInTheFooter() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    // By importance, quit first, and `? more` last when not everything fits.
    let feed = try #require(browser.screen.lines.last)
    #expect(feed.hasPrefix("q/Ctrl-C quit  Enter/l/→ open  r refetch"))
    #expect(feed.hasSuffix("? more"))
    browser.press("x")
    #expect(browser.screen.lines.last == "y yes  n/Esc no  Enter focused button  ←/→ switch")
    browser.press(.escape, "n")
    #expect(browser.screen.lines.last?.hasPrefix("Ctrl-S submit  Esc close") == true)
    browser.press(.escape, "s")
    browser.select(["post", 25])
    browser.press("x")
    #expect(browser.screen.lines.last == "y yes  n/Esc no  Enter focused button  ←/→ switch")
    browser.press("n", "F")
    #expect(browser.screen.lines.last?.hasPrefix("Esc close  ↑/↓ field") == true)
    browser.press(.escape, "1", "/")
    #expect(browser.screen.lines.last == "Esc clear  Enter keep filter")
    // At 200 columns every hint fits: no `? more`, `? help` instead.
    browser.press(.escape)
    browser.screen.resize(to: Size(width: 200, height: 40))
    browser.input.send(.resize(Size(width: 200, height: 40)))
    browser.loop.runUntilIdle()
    let wide = try #require(browser.screen.lines.last)
    #expect(!wide.contains("? more") && wide.contains("? help") && wide.contains("L latency"))
  }
}

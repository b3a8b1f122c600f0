import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

@Suite struct PanelScreenTests {
  @Test func theStorePanelListsEveryStoreLive() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s")
    #expect(browser.text.contains("Stores · 3"))
    #expect(browser.text.contains(#"["post", 25]"#))
    #expect(browser.text.contains(#"["posts", "feed"]"#))
    #expect(browser.text.contains(#"["user", 1]"#))
    #expect(browser.text.contains("1 sub·0s·1 run"))
    browser.press(.tab, .tab)  // focus the store panel
    browser.press(.enter)
    #expect(browser.text.contains(#"Store ["post", 25]"#))
    #expect(browser.text.contains("kind         query"))
    #expect(browser.text.contains(#""title" : "Post 25""#))
    browser.press(.escape, .delete)
    #expect(browser.text.contains("Stores · 2"))
    #expect(browser.model.client.store(at: ["post", 25]) == nil)
  }

  @Test func aHugeValueIsShownCutInTheStoreDetail() async throws {
    let title = String(repeating: "Long title ", count: 100_000)  // 1.1 MB
    let browser = try BrowserHarness(title: { $0 == 25 ? title : "Post \($0)" })
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("s", "3", .enter)
    #expect(browser.text.contains(#"Store ["post", 25]"#))
    for _ in 0..<5 { browser.press(.pageDown) }
    browser.press(.escape)
    #expect(!browser.text.contains(#"Store ["post", 25]"#))
    let lines = StoreDetail.valueLines(
      of: try #require(browser.model.client.store(at: ["post", 25])?.snapshot), width: 80)
    #expect(lines.last?.hasPrefix("(cut: the value's JSON is ") == true)
    #expect(lines.count < 2_000)
  }

  @Test func storeActionsInvalidateAndReset() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s", .tab, .tab)
    // The first store is the post on screen: invalidating refetches it.
    let fetches = browser.backend.transport.requests.filter { $0.url?.path == "/posts/25" }.count
    browser.press("i")
    await browser.waitUntil("a refetch of post 25") { browser in
      browser.backend.transport.requests.filter { $0.url?.path == "/posts/25" }.count
        == fetches + 1
    }
    // Resetting the feed (the second store) refetches it, because it is observed, and its
    // three pages load again to fill the rows.
    let pages = browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count
    browser.press("j", "z")
    await browser.waitUntil("a refetch of the feed") { browser in
      browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count == pages + 3
    }
    await browser.waitFor("Posts · 25 of 25")
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
    #expect(!browser.text.contains("Remove the store from the client"))
    for _ in 0..<60 { browser.press("j") }
    #expect(browser.text.contains("Remove the store from the client"))
    #expect(!browser.text.contains("Quit (Ctrl-Z suspends)"))
    browser.press("g", "/")
    browser.type("latency")
    #expect(browser.text.contains("Server latency"))
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

  @Test func withoutTheEmbeddedServiceFaultsAreUnavailable() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    #expect(browser.text.contains("faults unavailable (--url)"))
    browser.press("f")
    #expect(browser.text.contains("Faults are only available with the embedded service"))
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
    browser.press(.escape, "s", "3", .enter)
    #expect(browser.screen.lines.last?.hasPrefix("Esc close  ↑/↓ scroll") == true)
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

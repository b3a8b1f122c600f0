import Testing
import TetherTerminal

@testable import PostsBrowser

@Suite struct PostScreenTests {
  @Test func theSelectedPostShowsItsDetailsAndAuthor() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1 (@user1) · 250 views")
    #expect(browser.text.contains("Post #25"))
    #expect(browser.text.contains("#tag1"))
    #expect(browser.text.contains("▲ 50 likes   ▼ 1 dislikes"))
    #expect(browser.text.contains("Body of post 25."))
    browser.press("j")
    await browser.waitFor("by First5 Last5 (@user5) · 240 views")
    #expect(browser.text.contains("Post #24"))
  }

  @Test func aSlowPostShowsASpinner() async throws {
    let browser = try BrowserHarness { $0.delay("/posts/25", by: .seconds(3)) }
    await browser.waitFor("Loading post #25…")
    await browser.release(after: .seconds(3))
    await browser.waitFor("Body of post 25.")
  }

  @Test func refreshingKeepsTheContentWithAMark() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
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
    #expect(!browser.text.contains("stale"))
    browser.advance(by: .seconds(30))
    #expect(browser.text.contains("Post #25 · stale"))
  }

  @Test func aFailingPostCountsDownThenAsksForR() async throws {
    let browser = try BrowserHarness(retries: 1) {
      $0.fail("/posts/25", status: 500, message: "Server exploded")
    }
    await browser.waitFor("attempt 1 of 2 failed — retrying in 1.0 s")
    browser.advance(by: .milliseconds(700))
    #expect(browser.text.contains("retrying in 0.3 s"))
    await browser.release(after: .milliseconds(300))
    await browser.waitFor("Couldn't load post #25: 500: Server exploded — press r")
    #expect(browser.screen.lines[2].contains("to retry"))
    browser.backend.heal("/posts/25")
    browser.press(.tab, "r")
    await browser.waitFor("Body of post 25.")
    #expect(!browser.text.contains("Couldn't load"))
  }

  @Test func regainingFocusRefetchesThePostOnScreen() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    let before = browser.backend.transport.requests.filter { $0.url?.path == "/posts/25" }.count
    browser.input.send(.focus(false))
    browser.input.send(.focus(true))
    browser.loop.runUntilIdle()
    await browser.waitUntil("a refetch of post 25") { browser in
      browser.backend.transport.requests.filter { $0.url?.path == "/posts/25" }.count == before + 1
    }
  }
}

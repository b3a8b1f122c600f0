import Testing
import TetherTerminal

@testable import PostsBrowser

@Suite struct FeedScreenTests {
  @Test func theFirstPageShowsTitlesNewestFirstAndTheCount() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 10 of 25")
    #expect(browser.screen.lines[1].contains("› Post 25"))
    #expect(browser.screen.lines[2].contains("Post 24"))
    #expect(browser.text.contains("m loads more"))
  }

  @Test func aSlowFirstPageShowsASpinner() async throws {
    let browser = try BrowserHarness { $0.delay("/posts", by: .seconds(2)) }
    #expect(browser.text.contains("Loading posts…"))
    await browser.release(after: .seconds(2))
    await browser.waitFor("Posts · 10 of 25")
    #expect(!browser.text.contains("Loading posts…"))
  }

  @Test func aFailingFeedCountsDownEachRetryThenShowsTheError() async throws {
    let browser = try BrowserHarness {
      $0.fail("/posts", status: 503, message: "Down for maintenance")
    }
    await browser.waitFor("failed 1 of 4 · retry in 1.0 s")
    browser.advance(by: .milliseconds(600))
    #expect(browser.text.contains("failed 1 of 4 · retry in 0.4 s"))
    await browser.release(after: .milliseconds(400))
    await browser.waitFor("failed 2 of 4 · retry in 2.0 s")
    await browser.release(after: .seconds(2))
    await browser.waitFor("failed 3 of 4 · retry in 4.0 s")
    await browser.release(after: .seconds(4))
    await browser.waitFor("⚠ 503: Down for maintenance — m to retry")
    #expect(!browser.text.contains("retrying"))

    browser.backend.heal("/posts")
    browser.press("m")
    await browser.waitFor("Posts · 10 of 25")
  }

  @Test func movingNearTheEndLoadsTheNextPageUntilAllAreLoaded() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 10 of 25")
    for _ in 0..<6 { browser.press("j") }
    #expect(browser.text.contains("Posts · 10 of 25"))
    browser.press("j")
    await browser.waitFor("Posts · 20 of 25")
    browser.press("G")
    await browser.waitFor("Posts · 25 of 25")
    await browser.waitFor("All 25 posts loaded")
    browser.press("m")
    #expect(browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count == 3)
  }

  @Test func theFilterNarrowsLoadedPostsByTitleAndEscClearsIt() async throws {
    let browser = try BrowserHarness(title: { $0 % 2 == 0 ? "Even \($0)" : "Odd \($0)" })
    await browser.waitFor("Posts · 10 of 25")
    browser.press("/")
    browser.type("even")
    #expect(browser.text.contains("Posts · 5 of 10 match"))
    #expect(browser.text.contains("Even 24"))
    #expect(!browser.text.contains("Odd 25"))
    browser.press(.escape)
    #expect(browser.text.contains("Posts · 10 of 25"))
    #expect(browser.text.contains("Odd 25"))
  }

  @Test func hostileTitlesAreDrawnSafelyAndKeepTheLayout() async throws {
    let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Clean\u{1B}[31m red\r\nnext\u{202E}evil\u{08}"
    let browser = try BrowserHarness(title: { $0 == 25 ? hostile : "Post \($0)" })
    await browser.waitFor("Posts · 10 of 25")
    let text = browser.text
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
    #expect(!text.contains("pwned"))
    #expect(browser.screen.lines[1].contains("Clean red"))
    #expect(browser.screen.lines[0].hasPrefix("┌ Posts"))
    #expect(browser.screen.lines.allSatisfy { DisplayWidth.of($0) <= 100 })
  }
}

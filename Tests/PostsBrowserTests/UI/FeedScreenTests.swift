import Foundation
import Testing
import TetherHTTP
import TetherTerminal

@testable import PostsBrowser

@Suite struct FeedScreenTests {
  @Test func theFirstScreenShowsTitlesNewestFirstAndTheCount() async throws {
    let browser = try BrowserHarness(posts: 60)
    await browser.waitFor("Posts · 30 of 60")
    await browser.settle()
    #expect(browser.screen.lines[1].contains("› Post 60"))
    #expect(browser.screen.lines[2].contains("Post 59"))
    #expect(browser.text.contains("m loads more"))
    #expect(browser.text.contains("1 of 30 loaded · 60"))
  }

  @Test func pagesLoadUntilTheVisibleRowsAreFilled() async throws {
    // 200×60 leaves 55 rows for titles: 19 pages of 3.
    let browser = try BrowserHarness(
      size: Size(width: 200, height: 60), posts: 100, pageSize: 3)
    await browser.waitFor("Posts · 57 of 100")
    await browser.settle()
    let rows = (1...55).map { browser.screen.lines[$0] }
    #expect(rows.allSatisfy { $0.contains("Post ") })
    #expect(browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count == 19)

    // Growing the terminal loads more; shrinking it loads nothing.
    browser.screen.resize(to: Size(width: 200, height: 70))
    browser.input.send(.resize(Size(width: 200, height: 70)))
    await browser.waitFor("Posts · 66 of 100")
    browser.screen.resize(to: Size(width: 100, height: 30))
    browser.input.send(.resize(Size(width: 100, height: 30)))
    browser.loop.runUntilIdle()
    #expect(browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count == 22)
  }

  @Test func aSlowFirstPageShowsASpinnerAndHowLongItHasWaited() async throws {
    let browser = try BrowserHarness { $0.delay("/posts", by: .seconds(5)) }
    await browser.waitForDelayedResponse(dueWithin: .seconds(5))
    #expect(browser.text.contains("Loading posts…"))
    #expect(!browser.text.contains("waiting"))
    browser.advance(by: .seconds(1))
    #expect(browser.text.contains("Loading posts… waiting 1 s"))
    browser.advance(by: .seconds(2))
    #expect(browser.text.contains("Loading posts… waiting 3 s"))
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

    // `m` works from the post panel too, as the hint says.
    browser.backend.heal("/posts")
    browser.press(.tab, "m")
    await browser.waitFor("Posts · 25 of 25")
  }

  /// A feed whose first load failed, refetched with `r` once the server is back, fills its
  /// rows as a normal start does, not one page and blank rows.
  @Test func aFailedFirstLoadRecoversFully() async throws {
    let browser = try BrowserHarness(size: Size(width: 100, height: 40), posts: 60, retries: 0) {
      $0.fail("/posts", status: 503, message: "Down")
    }
    await browser.waitFor("⚠ 503: Down — m to retry")
    browser.backend.heal("/posts")
    browser.press("r")
    await browser.waitUntil("the rows filled") { $0.model.feedPosts.count >= 30 }
    #expect(browser.text.contains("Posts · 40 of 60"), "every row filled: \(browser.text)")
  }

  @Test func aLongErrorIsShortenedAndKeepsItsHint() async throws {
    let wrongShape = MockResponse.text(
      #"{"items": [], "count": 0, "note": "this is not the posts API you are looking for"}"#,
      headers: ["Content-Type": "application/json"])
    let browser = try BrowserHarness(size: Size(width: 80, height: 24), retries: 0) {
      $0.override("/posts", with: wrongShape)
    }
    await browser.waitFor("— m to retry")
    let line = try #require(browser.screen.lines.first { $0.contains("— m to retry") })
    #expect(line.contains("⚠ unreadable"))
    #expect(line.contains("…"))
    // At 160 columns the whole message fits.
    browser.screen.resize(to: Size(width: 160, height: 40))
    browser.input.send(.resize(Size(width: 160, height: 40)))
    browser.loop.runUntilIdle()
    #expect(browser.text.contains("⚠ unreadable response: missing field posts — m to retry"))
  }

  @Test func movingNearTheEndLoadsTheNextPageAndGSaysWhereYouAre() async throws {
    let browser = try BrowserHarness(posts: 45)
    await browser.waitFor("Posts · 30 of 45")
    await browser.settle()
    for _ in 0..<26 { browser.press("j") }
    #expect(browser.text.contains("Posts · 30 of 45"))
    #expect(browser.text.contains("27 of 30 loaded · 45"))
    browser.press("j")
    await browser.waitFor("Posts · 40 of 45")

    browser.backend.delay("/posts", by: .seconds(1))
    browser.press("G")
    // The last loaded row is selected while the next page loads beneath it.
    #expect(browser.text.contains("40 of 40 loaded · 45 · more…"))
    #expect(browser.screen.lines.contains { $0.contains("› Post 6") })
    await browser.release(after: .seconds(1))
    await browser.waitFor("Posts · 45 of 45")
    await browser.waitFor("All 45 posts loaded")
    #expect(browser.text.contains("40 of 45"))
    browser.press("m")
    #expect(browser.backend.transport.requests.filter { $0.url?.path == "/posts" }.count == 5)
  }

  @Test func aNarrowFeedStillSaysWhereYouAre() async throws {
    let browser = try BrowserHarness(size: Size(width: 80, height: 24), posts: 60)
    await browser.waitFor("Posts · 20 of 60")
    await browser.settle()
    #expect(browser.text.contains("│1 of 20 loaded · 60 · m more"))
    // A failing next page: the countdown, after the position when both fit.
    browser.backend.fail("/posts", status: 503, message: "Down")
    browser.press("G")
    await browser.waitFor("failed 1 of 4 · retry in 1.0 s")
    let line = try #require(browser.screen.lines.first { $0.contains("failed 1 of 4") })
    #expect(line.hasPrefix("│failed 1 of 4"))  // 31 columns: the position does not fit
    browser.screen.resize(to: Size(width: 160, height: 24))
    browser.input.send(.resize(Size(width: 160, height: 24)))
    browser.loop.runUntilIdle()
    #expect(browser.text.contains("20 of 20 loaded · 60 · failed 1 of 4 · retry in"))
  }

  @Test func theSelectionBarFillsTheRow() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    // The feed's inner width is 40 columns (x 1...40): the whole row is highlighted.
    for x in 1...40 {
      #expect(browser.screen.style(at: Point(x: x, y: 1)).attributes.contains(.reverse))
    }
    #expect(!browser.screen.style(at: Point(x: 20, y: 2)).attributes.contains(.reverse))
    browser.press("j")
    #expect(browser.screen.style(at: Point(x: 39, y: 2)).attributes.contains(.reverse))
    #expect(!browser.screen.style(at: Point(x: 39, y: 1)).attributes.contains(.reverse))
  }

  @Test func theFilterNarrowsLoadedPostsByTitleAndEscClearsIt() async throws {
    let browser = try BrowserHarness(title: { $0 % 2 == 0 ? "Even \($0)" : "Odd \($0)" })
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("/")
    browser.type("even")
    #expect(browser.text.contains("Posts · 12 of 25 match"))
    #expect(browser.text.contains("Even 24"))
    #expect(!browser.text.contains("Odd 25"))
    #expect(browser.app.selection?.postID == 24)
    browser.press(.escape)
    #expect(browser.text.contains("Posts · 25 of 25"))
    #expect(browser.text.contains("Odd 25"))
    // The match stays selected.
    #expect(browser.screen.lines[2].contains("› Even 24"))
  }

  @Test func escAfterAFilterWithNoMatchKeepsTheSelection() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("j", "j", "j")
    #expect(browser.screen.lines[4].contains("› Post 22"))
    browser.press("/")
    browser.type("2")
    #expect(browser.app.selection?.postID == 25)  // the first match
    browser.type("zzz")
    #expect(browser.text.contains("No title matches"))
    // Nothing matches: the post selected before filtering is back on screen.
    #expect(browser.app.selection?.postID == 22)
    #expect(browser.text.contains("Post #22"))
    browser.press(.escape)
    #expect(browser.screen.lines[4].contains("› Post 22"))
    #expect(browser.text.contains("Post #22"))
  }

  @Test func resettingTheFeedKeepsYourPlace() async throws {
    let browser = try BrowserHarness(posts: 60)
    await browser.waitFor("Posts · 30 of 60")
    await browser.settle()
    for _ in 0..<27 { browser.press("j") }  // post 33, near the end: a page loads
    await browser.waitFor("Posts · 40 of 60")
    #expect(browser.app.selection?.postID == 33)
    browser.press("s")
    browser.select(["posts", "feed"])
    browser.press("z", "y")  // the feed is observed: the reset asks
    browser.press("1")
    await browser.waitFor("Posts · 30 of 60")
    await browser.waitUntil("the selection back on post 33") { browser in
      browser.screen.lines.contains { $0.contains("› Post 33") }
    }
    #expect(browser.app.selection?.postID == 33)
    #expect(browser.app.feedList.selection == 27)
  }

  @Test func hostileTitlesAreDrawnSafelyAndKeepTheLayout() async throws {
    let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Clean\u{1B}[31m red\r\nnext\u{202E}evil\u{08}"
    let browser = try BrowserHarness(title: { $0 == 25 ? hostile : "Post \($0)" })
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    let text = browser.text
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
    #expect(!text.contains("pwned"))
    #expect(browser.screen.lines[1].contains("Clean red"))
    #expect(browser.screen.lines[0].hasPrefix("┌ Posts"))
    #expect(browser.screen.lines.allSatisfy { DisplayWidth.of($0) <= 100 })
  }
}

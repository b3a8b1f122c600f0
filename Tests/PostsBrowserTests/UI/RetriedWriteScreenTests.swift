import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@testable import PostsBrowser

/// Issue 33, item 10: a write sent again from the devtools (`R`) that succeeds shows on screen
/// as the original would have — the post and its row in the feed.
@Suite struct RetriedWriteScreenTests {
  @Test func aRefusedEditRetriedFromTheDevtoolsShowsInThePostAndTheFeed() async throws {
    let browser = try BrowserHarness(size: Size(width: 140, height: 40))
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 409, message: "Edit conflict")
    browser.press("e", .ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Couldn't save: 409: Edit conflict")
    browser.press(.escape, "y")
    #expect(browser.screen.find("Edited title") == nil, "rolled back")
    browser.backend.heal("/posts/25")
    browser.press("s")
    browser.app.inspector.browser.select(["posts", "edit"], mutation: true)
    browser.press("R", "y")
    await browser.waitFor("sent again: it succeeded")
    await browser.settle()
    #expect(browser.model.feedPost(25)?.title == "Edited title", "the feed has the edit")
    let post = try #require(browser.app.selection?.post.state.currentValue)
    #expect(post.title == "Edited title", "the post has the edit")
    #expect(browser.screen.find("› Edited title") != nil, "the feed's row: \(browser.text)")
    #expect(browser.screen.find("││Edited title") != nil, "the post's title: \(browser.text)")
  }

  @Test func aRefusedDeletionRetriedFromTheDevtoolsTakesThePostOut() async throws {
    let browser = try BrowserHarness(size: Size(width: 140, height: 40))
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 503, message: "Busy")
    browser.press("x", "y")
    await browser.waitFor("Couldn't delete post #25")
    #expect(browser.model.feedPost(25) != nil, "back in its place")
    browser.backend.heal("/posts/25")
    browser.press("s")
    browser.app.inspector.browser.select(["posts", "delete"], mutation: true)
    browser.press("R", "y")
    await browser.waitFor("sent again: it succeeded")
    await browser.settle()
    #expect(browser.model.feedPost(25) == nil, "out of the feed: \(browser.text)")
    let rows = browser.screen.lines.filter {
      $0.hasPrefix("│  Post 25 ") || $0.hasPrefix("│› Post 25 ")
    }
    #expect(rows.isEmpty, "no row for it: \(browser.text)")
  }
}

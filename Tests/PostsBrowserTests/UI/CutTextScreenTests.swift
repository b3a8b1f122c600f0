import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

/// Text that does not fit is never silently cut: the post says how much is below, and the
/// editor's error takes rows from the body rather than losing its end.
@Suite struct CutTextScreenTests {
  @Test func thePostSaysHowMuchIsBelowUntilScrolledToTheEnd() async throws {
    let long = Array(repeating: "a title that goes on", count: 30).joined(separator: " ")
    let browser = try BrowserHarness(
      size: Size(width: 80, height: 24), title: { $0 == 25 ? long : "Post \($0)" })
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    let below = try #require(browser.screen.find("more below"), "\(browser.text)")
    #expect(below.y == 21, "on the post panel's bottom border")
    browser.press(.tab)
    for _ in 0..<4 { browser.press(.pageDown) }
    #expect(browser.screen.find("more below") == nil, "\(browser.text)")
    browser.press(.pageUp)
    #expect(browser.screen.find("more below") != nil)
  }

  @Test func aLongRefusalInTheEditorIsShownWhole() async throws {
    let browser = try BrowserHarness(size: Size(width: 80, height: 24))
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail(
      "/posts/25", status: 409,
      message: "Someone else changed this post while you were editing it; reload and edit again")
    browser.press("e", .ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Ctrl-S to try again")
    #expect(browser.text.contains("Couldn't save: 409: Someone else changed this post"))
    #expect(browser.text.contains("reload and edit again"), "\(browser.text)")
    #expect(!browser.text.contains("…"), "not cut: \(browser.text)")
  }

  /// The help opens above the status bar: no piece of the bar is left beside it.
  @Test func theHelpLeavesTheStatusBarWhole() async throws {
    let browser = try BrowserHarness(size: Size(width: 80, height: 24))
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let bar = browser.screen.lines[22]
    browser.press("?")
    #expect(browser.text.contains("Focus the feed"))
    #expect(browser.screen.lines[22] == bar, "\(browser.text)")
  }

  /// Issue 33, item 15: a refused write's row in the devtools read `… Injected fail` with the
  /// rest of the row blank — the reason cut at 60 characters, mid-word. Now it is cut at a
  /// word, with `…`.
  @Test func aFailedAttemptsReasonIsCutAtAWord() async throws {
    let browser = try BrowserHarness(size: Size(width: 200, height: 40))
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail(
      "/posts/25", status: 500, message: "Injected failure (fault injection is on)")
    browser.press("e", .ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Couldn't save")
    browser.press(.escape, "y", "s")
    browser.app.inspector.browser.select(["posts", "edit"], mutation: true)
    browser.loop.runUntilIdle()
    let row = try #require(
      browser.screen.lines.first { $0.contains("#1 {id: 25") }, "\(browser.text)")
    // `The server answered 500 Internal Server Error: Injected failure (…)`, cut to 60.
    #expect(row.contains("Internal Server Error:… "), "cut at a word, with …: \(row)")
  }
}

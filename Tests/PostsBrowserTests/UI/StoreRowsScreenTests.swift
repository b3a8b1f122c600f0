import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

/// Every row of the store view says what is next: a store waiting to retry is counted apart
/// from those with a request out, and a paused store (or write) says what it waits for.
@Suite struct StoreRowsScreenTests {
  @Test func aStoreWaitingToRetryIsNotCountedAsFetching() async throws {
    let browser = try BrowserHarness(size: Size(width: 150, height: 35), retries: 3) {
      $0.fail("/posts/25", status: 500, message: "Server exploded")
    }
    await browser.waitFor("attempt 1 of 4 failed — retrying in 1.0 s")
    browser.press("S")
    // No request is out: the status bar's "0 in flight" and the header agree.
    #expect(browser.text.contains("fetching 0  retrying 1"))
    #expect(browser.text.contains("0 in flight"))
    #expect(browser.text.contains("2/4 1.0s"))
    browser.backend.delay("/posts/25", by: .milliseconds(1500))
    await browser.release(after: .seconds(1))
    await browser.waitFor("send 2/4")
    #expect(browser.text.contains("fetching 1  retrying 0"))
  }

  @Test func pausedStoresAndWritesSayWhatTheyWaitFor() async throws {
    let network = ManualCondition(true)
    let browser = try BrowserHarness(size: Size(width: 150, height: 35), connectivity: network)
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    network.set(false)
    browser.press("e", .ctrl("u"))
    browser.type("Edited on the train")
    browser.press(.ctrl("s"))
    await browser.waitFor("Edit of post #25 queued")
    browser.press("r", "S")
    await browser.waitFor("paused 1")
    let feed = try #require(
      browser.screen.lines.first { $0.contains("feed  ◀ feed") }, "\(browser.text)")
    #expect(feed.contains("offline"))
    browser.press("G")
    // The edit's attempt waits: it says paused, not running.
    let attempt = try #require(browser.screen.lines.first { $0.contains("#1 {id: 25") })
    #expect(attempt.contains("paused") && !attempt.contains("running"))
    network.set(true)
  }
}

import Testing
import TetherCore
import TetherTerminal

@testable import PostsBrowser

/// Writes made while the network is away tell one story: each says it is queued, shows where
/// it will land (marked as queued), the status bar counts them, and all go once it is back.
@Suite struct OfflineWritesScreenTests {
  @Test func offlineWritesAreQueuedShownWhereTheyLandAndCounted() async throws {
    let network = ManualCondition(true)
    let browser = try BrowserHarness(size: Size(width: 100, height: 30), connectivity: network)
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    network.set(false)

    browser.press("e", .ctrl("u"))
    browser.type("Edited on the train")
    browser.press(.ctrl("s"))
    await browser.waitFor("Edit of post #25 queued: sent when the server is back")
    // The feed and the post both show the new title; the row says it is not sent yet.
    let row = try #require(browser.screen.lines.first { $0.contains("› Edited on the train") })
    #expect(row.contains("queued"))
    #expect(browser.text.contains("Post #25") && browser.screen.lines[1].contains("queued"))
    #expect(browser.text.contains("1 write queued"))

    browser.press("n")
    browser.type("Written offline")
    browser.press(.ctrl("s"))
    await browser.waitFor("Queued “Written offline”: sent when the server is back")
    // Above the feed, where it will land.
    #expect(browser.screen.lines[1].contains("+ Written offline"))
    #expect(browser.screen.lines[1].contains("queued"))
    #expect(browser.text.contains("2 writes queued"))

    network.set(true)
    await browser.waitUntil("the queue sent") { !$0.text.contains("queued") }
    #expect(browser.backend.posts.first { $0.id == 25 }?.title == "Edited on the train")
    #expect(browser.backend.posts.contains { $0.title == "Written offline" })
  }
}

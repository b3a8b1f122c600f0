import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@testable import PostsBrowser

/// The devtools as the Posts browser embeds them, and the actions that were unsafe in the old
/// stores panel: `r` re-sent a rolled-back edit and created a duplicate post, `Delete`
/// removed a store without asking, a removed post store left a ghost.
@Suite struct DevtoolsScreenTests {
  func writes(_ browser: BrowserHarness, _ method: String) -> Int {
    browser.backend.transport.requests.filter { $0.httpMethod == method }.count
  }

  @Test func refetchNeverResendsARolledBackEdit() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 409, message: "Edit conflict")
    browser.press("e", .ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Couldn't save: 409: Edit conflict")
    browser.press(.escape, "y")
    browser.backend.heal("/posts/25")
    #expect(writes(browser, "PUT") == 1)
    browser.press("s")
    browser.app.inspector.browser.select(["posts", "edit"], mutation: true)
    browser.press("r")
    #expect(browser.text.contains("A mutation is never refetched"), "\(browser.text)")
    #expect(writes(browser, "PUT") == 1, "no edit sent again")
    // The mutations section lists the attempt with its arguments and its failure.
    #expect(browser.text.contains("Mutations · 1"))
    #expect(browser.text.contains("posts · edit"))
    // Retry latest asks first, showing what it would send; refusing sends nothing.
    browser.press("R")
    #expect(browser.text.contains("Edited title"))
    #expect(browser.text.contains("the server may apply it twice"))
    browser.press("n")
    #expect(writes(browser, "PUT") == 1)
  }

  @Test func refetchNeverDuplicatesAPostAndRetryLatestSendsItOnceConfirmed() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("n")
    browser.type("Fresh news")
    browser.press(.ctrl("s"))
    await browser.waitFor("Post #26 created")
    #expect(writes(browser, "POST") == 1)
    browser.press("s")
    browser.app.inspector.browser.select(["posts", "add"], mutation: true)
    browser.press("r")
    #expect(writes(browser, "POST") == 1, "no duplicate post")
    browser.press("R")
    #expect(browser.text.contains("Send again"))
    #expect(browser.text.contains("Fresh news"))
    browser.press(.enter)  // the focused button is Cancel
    #expect(writes(browser, "POST") == 1)
    browser.press("R", "y")
    await browser.waitFor("sent again: it succeeded")
    #expect(writes(browser, "POST") == 2)
  }

  @Test func deleteAsksBeforeRemovingAStoreInUse() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s")
    browser.select(["user", 1])
    browser.press(.delete)
    #expect(browser.text.contains("Remove user · 1"))
    browser.press(.escape)
    #expect(browser.model.client.store(at: ["user", 1]) != nil)
    browser.press(.delete, "y")
    // The author panel's store comes back, fetched again: no ghost.
    await browser.waitUntil("the author fetched again") { $0.requests(to: "/users/1") == 2 }
    #expect(browser.app.selection?.author === browser.model.client.store(at: ["user", 1]))
  }

  @Test func triggerErrorAndLoadingShowInThePostPanelWithoutARequest() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let fetches = browser.requests(to: "/posts/25")
    browser.press("s")
    browser.select(["post", 25])
    browser.press("E")
    #expect(browser.text.contains("Which failure should post · 25 show?"))
    browser.press("1")
    await browser.waitFor("503")
    #expect(browser.text.contains("Couldn't load post #25"), "\(browser.text)")
    browser.press("u")
    await browser.waitUntil("restored") { !$0.text.contains("Couldn't load post #25") }
    browser.press("P")
    await browser.waitFor("Loading post #25")
    browser.press("u")
    await browser.waitFor("Body of post 25.")
    #expect(browser.requests(to: "/posts/25") == fetches, "nothing sent")
  }

  @Test func failTheNextRequestsOfTheSelectedStoreOnly() async throws {
    let browser = try BrowserHarness(retries: 0)
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("s")
    browser.select(["post", 25])
    browser.press("!")
    #expect(browser.text.contains("Fail the next requests caused by post · 25"))
    browser.press(.backspace, "1", .enter)
    #expect(browser.text.contains("client: fail next 1 of post · 25"))
    browser.press("r")
    await browser.waitFor("Couldn't load post #25")
    #expect(!browser.text.contains("fail next 1"), "the count went down")
    // The rest of the screen works: the feed's refetch goes through.
    browser.press("1", "r")
    await browser.settle()
    #expect(browser.model.feed.state.status == .success)
  }

  @Test func theNetworkLogListsRequestsWithTheirStores() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    browser.press("N")
    #expect(browser.text.contains("Network · 6 requests"), "\(browser.text)")
    #expect(browser.text.contains("/posts/25"))
    #expect(browser.text.contains("post · 25"))
    browser.press(.escape, .escape)
    #expect(browser.text.contains("Posts · 25 of 25"))
  }

  /// The title counts what the filter shows; X clears the log and the sparkline with it.
  @Test func theNetworkLogTitleCountsWhatItShowsAndXClearsTheSparklineToo() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    #expect(!browser.model.activity.snapshot.recent.isEmpty)
    browser.press("N", "/")
    browser.type("users")
    browser.press(.enter)
    #expect(browser.text.contains("Network · 1 of 6 requests"), "\(browser.text)")
    browser.press(.escape)
    #expect(browser.text.contains("Network · 6 requests"), "\(browser.text)")
    browser.press("X")
    #expect(browser.text.contains("Network · 0 requests"), "\(browser.text)")
    #expect(browser.model.activity.snapshot.recent.isEmpty, "the sparkline is cleared too")
  }

  @Test func aClickOnTheLabelledSparklineOpensTheNetworkLog() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("by First1 Last1")
    await browser.settle()
    let status = browser.screen.lines[browser.screen.size.height - 2]
    let label = try #require(status.range(of: "requests "), "\(status)")
    let x = status.distance(from: status.startIndex, to: label.upperBound) + 1
    let point = Point(x: x, y: browser.screen.size.height - 2)
    browser.input.send(.mouse(MouseEvent(.press(.left), at: point)))
    browser.input.send(.mouse(MouseEvent(.release(.left), at: point)))
    browser.loop.runUntilIdle()
    #expect(browser.text.contains("Network · 6 requests"), "\(browser.text)")
  }

  @Test func theFaultsDialogOpensAnywhereAndTheStatusBarNamesEveryFault() async throws {
    let browser = try BrowserHarness(size: Size(width: 140, height: 30))
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("F")
    #expect(browser.text.contains("Faults · injected by the client"))
    browser.press(.right, .down, .right, .right, .right, .down, .right, .right)
    browser.press(.escape)
    #expect(!browser.text.contains("Faults · injected"))
    #expect(browser.text.contains("client: fail 10% 429 Retry-After 2 s"))
  }
}

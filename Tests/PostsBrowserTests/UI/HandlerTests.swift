import Foundation
import Testing
import TetherTerminal

@testable import PostsBrowser

/// The browser's handlers as pure functions: an event in, the view state changed and the
/// work to start out as commands — nothing runs until the loop (or the test) runs it.
@Suite struct HandlerTests {
  private func context(_ browser: BrowserHarness) -> EventContext {
    EventContext(now: browser.clock.now(), size: browser.screen.size)
  }

  @Test func theFirstScreenAsksForItsRowsAndRefetchingIsACommand() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    let app = browser.app
    #expect(app.start(context: context(browser)).map(\.name) == ["load 25 posts"])
    let requests = browser.backend.transport.requests.count
    let result = app.handle(.key("r"), context: context(browser))
    #expect(result.disposition == .handled)
    #expect(result.commands.map(\.name) == ["refetch the feed"])
    #expect(browser.backend.transport.requests.count == requests)  // nothing sent yet
    app.focus = .post
    #expect(
      app.handle(.key("r"), context: context(browser)).commands.map(\.name) == [
        "refetch post #25 and its author", "refetch the comments of post #25",
      ])
  }

  @Test func confirmingADeletionReturnsTheDeletionWhichRunsOnlyWhenRun() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let app = browser.app
    #expect(app.handle(.key("x"), context: context(browser)).commands.isEmpty)
    #expect(app.deletion?.id == 25 && app.isModal)
    // A modal layer keeps the panels' keys from them.
    #expect(app.handle(.key("r"), context: context(browser)).commands.isEmpty)
    let result = app.handle(.key("y"), context: context(browser))
    #expect(app.layers.isEmpty)
    #expect(result.commands.map(\.name) == ["delete post #25"])
    #expect(result.commands.allSatisfy { $0.survivesQuit })  // quitting never undoes a write
    #expect(browser.backend.posts.contains { $0.id == 25 })
    let message = await result.commands[0].run(clock: browser.clock)
    guard case .deleted(25, _) = message as? AppMessage else {
      Issue.record("expected the deletion's message, got \(String(describing: message))")
      return
    }
    #expect(!browser.backend.posts.contains { $0.id == 25 })
  }

  @Test func escapeClosesTheTopLayerAndTheEditorAsksFirst() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let app = browser.app
    _ = app.handle(.key("x"), context: context(browser))
    _ = app.handle(.key("?"), context: context(browser))  // the prompt keeps it
    #expect(app.help == nil)
    _ = app.handle(.key(.escape), context: context(browser))
    #expect(app.layers.isEmpty)
    _ = app.handle(.key("?"), context: context(browser))
    #expect(app.help != nil)
    _ = app.handle(.key(.escape), context: context(browser))
    #expect(app.layers.isEmpty)
    _ = app.handle(.key("e"), context: context(browser))
    _ = app.handle(.paste(" and more"), context: context(browser))
    _ = app.handle(.key(.escape), context: context(browser))
    #expect(app.editor?.discardPrompt != nil)  // the editor wants Esc: it asks first
    _ = app.handle(.key("y"), context: context(browser))
    #expect(app.layers.isEmpty)
  }

  @Test func aSaveSurvivesQuittingAndARefusalComesBackAsAMessage() async throws {
    let browser = try BrowserHarness { $0.fail("/posts/25", status: 400, message: "Too spicy") }
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let app = browser.app
    _ = app.handle(.key("e"), context: context(browser))
    _ = app.handle(.paste("!"), context: context(browser))
    let result = app.handle(.key(.ctrl("s")), context: context(browser))
    #expect(app.editor == nil)  // optimistic: the dialog closes at once
    #expect(result.commands.map(\.name) == ["save post #25"])
    #expect(result.commands[0].survivesQuit)
    let message = await result.commands[0].run(clock: browser.clock)
    guard case .editFailed(25, let draft, _, let reason) = message as? AppMessage else {
      Issue.record("expected the refusal, got \(String(describing: message))")
      return
    }
    #expect(draft.title == "Post 25!" && reason == "400: Too spicy")
  }
}

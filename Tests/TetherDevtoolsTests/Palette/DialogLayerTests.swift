import Foundation
import Testing
import TetherCore
import TetherTerminal

@testable import TetherDevtools

/// The devtools' dialogs are layers of a stack, routed as an app routes its own: the topmost
/// takes the keys, `Esc` closes one layer at a time, and while one is open the pages get nothing.
@Suite struct DialogLayerTests {
  @Test func escClosesOneDialogAtATimeThenThePage() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    try await harness.query(["post", 1], value: "one").fetch()
    await harness.waitFor("inactive 1")
    harness.press(":")
    #expect(harness.app.inspector.dialogs.layers.count == 1)
    harness.type("clear cache")
    harness.press(.enter)
    // The palette closed as it ran the action, whose question is now the only layer.
    #expect(harness.screen.find("Clear the cache") != nil, "\(harness.text)")
    guard case .prompt = harness.app.inspector.dialogs.top else {
      Issue.record("no question on top: \(harness.app.inspector.dialogs.layers)")
      return
    }
    #expect(harness.app.inspector.dialogs.layers.count == 1 && harness.app.inspector.isModal)
    #expect(harness.line(containing: "n/Esc no") != nil, "the question's keys in the footer")
    harness.press(.escape)
    #expect(!harness.app.inspector.isModal && harness.screen.find("Clear the cache") == nil)
    #expect(harness.client.store(at: ["post", 1]) != nil, "Esc answered no")
    #expect(harness.app.closeCount == 0, "the Esc closed the question, not the devtools")
    harness.press(.escape)
    #expect(harness.app.closeCount == 1, "with no dialog open, Esc leaves the first page")
  }

  @Test func anOpenDialogKeepsKeysAndClicksFromThePages() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    try await harness.query(["post", 1], value: "one").fetch()
    try await harness.query(["post", 2], value: "two").fetch()
    await harness.waitFor("inactive 2")
    let before = harness.app.inspector.browser.selection
    harness.press(":")
    harness.press("j")  // typed into the palette's query, not a move in the list
    #expect(harness.app.inspector.browser.selection == before)
    let row = try #require(harness.screen.find("post · 2") ?? harness.screen.find("2"))
    harness.click(at: row)
    #expect(harness.app.inspector.browser.selection == before, "the click went nowhere")
    #expect(harness.app.inspector.isModal, "the palette is still open")
    // `q` quits the harness: the palette wants it, as every key it can type.
    harness.press("q")
    #expect(harness.app.inspector.isModal, "q typed into the palette")
    // Ctrl-C is not the dialog's: the app gets it back, and an ignored Ctrl-C quits.
    let context = EventContext(now: harness.clock.now(), size: harness.screen.size)
    #expect(
      harness.app.inspector.handle(.key(.ctrl("c")), devtools: harness.devtools, context: context)
        == .ignored)
  }

  @Test func theFaultsDialogTakesEscItselfToKeepARouteBeingTyped() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 40))
    harness.app.inspector.openFaults(harness.devtools, now: harness.clock.now())
    harness.app.inspector.openFaults(harness.devtools, now: harness.clock.now())
    #expect(harness.app.inspector.dialogs.layers.count == 1, "opened once")
    let field = DevtoolsDialog.faults(FaultsDialogState(target: harness.faults))
    #expect(field.wants(.key(.escape)) && field.isModal)
    harness.press(.escape)
    #expect(harness.app.inspector.dialogs.isEmpty && harness.app.closeCount == 0)
  }
}

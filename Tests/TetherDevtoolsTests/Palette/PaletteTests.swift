import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct PaletteTests {
  @Test func completesFuzzilyAndShowsEachActionsKey() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    harness.press(":")
    #expect(harness.screen.find("Run an action") != nil, "\(harness.text)")
    harness.type("rfch")
    let first = try #require(harness.screen.lines.first { $0.contains("Refetch") })
    #expect(first.contains(" r "), "the key beside it: \(first)")
    harness.press(.escape)
    #expect(harness.screen.find("Run an action") == nil)
    harness.press(":")
    harness.type("sort stat")
    harness.press(.enter)
    #expect(harness.screen.find("sort status ▲") != nil, "\(harness.text)")
  }

  @Test func clearCacheAsksWithCountsThenRemovesAndResets() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    try await harness.query(["post", 1], value: "one").fetch()
    try await harness.query(["post", 2], value: "two").fetch()
    let shown = harness.query(["post", 3], value: "three")
    let subscription = shown.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitUntil("fetched") { _ in shown.state.status == .success }
    await harness.waitFor("fresh 1")
    harness.press(":")
    harness.type("clear")
    harness.press(.enter)
    #expect(harness.screen.find("Remove 2 stores without subscribers") != nil, "\(harness.text)")
    #expect(harness.screen.find("and reset the 1 in") != nil, "\(harness.text)")
    harness.press("n")
    #expect(harness.client.store(at: ["post", 1]) != nil, "refused: nothing changes")
    harness.press(":")
    harness.type("clear cache")
    harness.press(.enter, "y")
    #expect(harness.client.store(at: ["post", 1]) == nil)
    #expect(harness.client.store(at: ["post", 2]) == nil)
    #expect(harness.client.store(at: ["post", 3]) != nil, "in use: reset, not removed")
    #expect(harness.screen.find("Cache cleared: 2 removed, 1 reset") != nil, "\(harness.text)")
    #expect(harness.app.performed.last?.action == .clearCache)
    await harness.waitUntil("fetched again") { _ in shown.state.status == .success }
  }
}

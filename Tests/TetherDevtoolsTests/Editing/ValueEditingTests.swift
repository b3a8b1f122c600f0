import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct ValueEditingTests {
  struct Post: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var draft: Bool
  }

  func openValue(_ harness: DevtoolsHarness) async throws -> OperationStore<
    QueryState<Post, any Error>
  > {
    let store = harness.client.store(
      for: Query<Post, any Error>(["post", 5]) { _ in Post(id: 5, title: "Old", draft: false) })
    try await store.fetch()
    await harness.waitFor("post · 5")
    harness.press(.down, .enter, .tab)
    await harness.waitFor("title")
    return store
  }

  @Test func editsAScalarAndRestoresIt() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    let store = try await openValue(harness)
    harness.press(.down, .down, "e")
    #expect(harness.screen.find("Edit title of") != nil, "\(harness.text)")
    for _ in 0..<3 { harness.press(.backspace) }
    harness.type("New title")
    harness.press(.enter)
    #expect(store.state.currentValue?.title == "New title")
    #expect(harness.screen.find("Set title of") != nil, "\(harness.text)")
    // The run log and the history record it as a value set by hand.
    harness.press(.tab)
    await harness.waitFor("value set")
    harness.press(.tab)
    await harness.waitFor("value set by hand")
    #expect(harness.line(containing: "~ title:")?.contains(#""Old" → "New title""#) == true)
    harness.press("u")
    #expect(store.state.currentValue?.title == "Old", "u restores the value from before")
  }

  @Test func aBooleanFlipsAtOnce() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    let store = try await openValue(harness)
    harness.press(.down, .down, .down, "e")
    #expect(store.state.currentValue?.draft == true, "\(harness.text)")
  }

  @Test func whatDoesNotDecodeIsShownAndNothingChanges() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    let store = try await openValue(harness)
    harness.press(.down, "e")
    harness.press(.backspace)
    harness.type("x")
    harness.press(.enter)
    #expect(harness.screen.find("not JSON") != nil, "\(harness.text)")
    harness.press(.backspace)
    harness.type("null")
    harness.press(.enter)
    #expect(harness.screen.find("keeps its value") != nil, "an Int is never null: \(harness.text)")
    #expect(store.state.currentValue == Post(id: 5, title: "Old", draft: false))
    harness.press(.escape)
    #expect(harness.screen.find("Edit id") == nil)
    // The whole value as JSON.
    harness.press("g", "e")
    #expect(harness.screen.find("Edit the whole value") != nil, "\(harness.text)")
    #expect(harness.screen.find(#""title": "Old""#) != nil, "\(harness.text)")
  }
}

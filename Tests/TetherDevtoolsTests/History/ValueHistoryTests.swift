import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherSynchronization
import TetherTerminal

@Suite struct ValueHistoryTests {
  @Test func keepsWithinItsCountAndBytes() {
    var history = ValueHistory(limits: HistoryLimits(count: 3, bytes: 1000))
    for index in 1...5 { history.append("\(index)", cause: .manualSet, at: Date()) }
    #expect(history.entries.map(\.json) == ["3", "4", "5"])
    #expect(history.entries.map(\.sequence) == [3, 4, 5])
    #expect(history.dropped == 2)
    history.append(String(repeating: "x", count: 990), cause: .manualSet, at: Date())
    #expect(history.entries.map(\.sequence) == [4, 5, 6], "over 3 values the oldest go")
    #expect(history.bytes <= 1000)
    history.append(String(repeating: "z", count: 20), cause: .manualSet, at: Date())
    #expect(history.entries.map(\.sequence) == [7], "over 1000 bytes the oldest go")
    history.append(String(repeating: "y", count: 5000), cause: .manualSet, at: Date())
    #expect(history.entries.count == 1, "the latest value is kept however large")
  }

  @Test func marksValuesThatChanged() {
    var history = ValueHistory()
    history.append("1", cause: .manualSet, at: Date())
    history.append("1", cause: .manualSet, at: Date())
    history.append("2", cause: .manualSet, at: Date())
    #expect(history.entries.map(\.changed) == [true, false, true])
  }

  @Test func historyTabShowsEachRunsValueAndTheDiff() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    let titles = TestCounter()
    let store = harness.client.store(
      for: Query<[String: String], any Error>(["post", 1]) { _ in
        ["id": "1", "title": "Title \(titles.next())", "body": "same"]
      })
    try await store.fetch()
    await harness.waitFor("post · 1")
    harness.press(.down, .enter)
    try await store.refetch()
    try await store.refetch()
    harness.loop.runUntilIdle()
    harness.press(.tab, .tab, .tab)
    await harness.waitFor("Brought by")
    #expect(harness.screen.find("run #3 refetch") != nil, "\(harness.text)")
    #expect(harness.screen.find("run #1 fetch") != nil, "\(harness.text)")
    #expect(harness.screen.find("#2 → #3 · +0 −0 ~1") != nil, "\(harness.text)")
    let changed = try #require(harness.line(containing: "~ title:"))
    #expect(changed.contains(#""Title 2" → "Title 3""#), "\(changed)")
    #expect(harness.screen.find(" unchanged") != nil, "\(harness.text)")
    // Space picks the selected value to compare with; the first one against it.
    harness.press(" ", .down, .down)
    #expect(harness.screen.find("#3 → #1") != nil, "\(harness.text)")
    #expect(harness.line(containing: "~ title:")?.contains(#""Title 3" → "Title 1""#) == true)
    // The timeline marks the runs that changed the value.
    harness.press(.shiftTab)
    await harness.waitFor("run #3 refetch ~")
  }

  @Test func aManualSetIsKeptAsSuch() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    let store = harness.query(["post", 2], value: ["title": "one"])
    try await store.fetch()
    await harness.waitFor("post · 2")
    store.setCurrentValue(["title": "two"])
    harness.press(.down, .enter, .tab, .tab, .tab)
    await harness.waitFor("value set by hand")
    #expect(
      harness.line(containing: "~ title:")?.contains(#""one" → "two""#) == true, "\(harness.text)")
  }
}

/// Counts from 1, from any thread.
final class TestCounter: Sendable {
  private let value = SanitizerVisibleMutex(0)
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}

import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct StoreViewTests {
  @Test func groupsStoresByPrefixInNaturalOrder() async throws {
    let harness = try DevtoolsHarness()
    for id in [12, 2, 251, 1] {
      try await harness.query(["post", id], value: "post \(id)").fetch()
    }
    try await harness.query(["user", 7], value: "user").fetch()
    try await harness.query(["posts", "feed"], value: [1, 2]).fetch()
    await harness.waitFor("251")
    let lines = harness.screen.lines
    let rows = ["1 ", "2 ", "12", "251"].map { label in
      lines.firstIndex { $0.contains("── \(label)") } ?? -1
    }
    #expect(rows == rows.sorted() && !rows.contains(-1), "natural order: \(rows)\n\(harness.text)")
    #expect(harness.screen.find("▾ post") != nil)
    #expect(harness.screen.find("posts · feed") != nil, "a store alone under its prefix: one row")
    #expect(harness.screen.find("user · 7") != nil)
    #expect(harness.screen.find("Queries · 6") != nil)
  }

  @Test func headerCountsEachStateAndFiltersWhenAChipIsSelected() async throws {
    let harness = try DevtoolsHarness()
    let fresh = harness.query(["post", 1], value: "one")
    let subscription = fresh.subscribe { _ in }
    defer { subscription.cancel() }
    try await fresh.fetch()
    try await harness.query(["post", 2], value: "two").fetch()
    let gate = Gate<String>()
    let loading = harness.query(["post", 3], gate: gate)
    let fetch = Task { try await loading.fetch() }
    await gate.waitForStarts(1)
    await harness.waitFor("fetching 1")
    #expect(harness.screen.find("fresh 1") != nil, "\(harness.text)")
    #expect(harness.screen.find("inactive 1") != nil, "\(harness.text)")
    // ↑ from the first row reaches the header; → moves to the chips; Enter filters.
    harness.press(.up, .up, .right, .enter)
    #expect(harness.screen.find("Queries · 1 of 3") != nil, "\(harness.text)")
    #expect(harness.screen.find("post · 3") != nil, "alone, the store reads as one row")
    #expect(harness.screen.find("── 1 ") == nil)
    // Enter again clears the filter; `t` cycles the states too.
    harness.press(.enter)
    #expect(harness.screen.find("Queries · 3") != nil, "\(harness.text)")
    harness.press(.down, "t", "t", "t", "t", "t")  // fetching, retrying, paused, stale, fresh
    #expect(harness.screen.find("Queries · 1 of 3") != nil, "t → fresh: \(harness.text)")
    #expect(harness.screen.find("post · 1") != nil)
    gate.succeed("three")
    _ = try await fetch.value
  }

  /// A query's change redraws its row and the header's counts, the tree staying as it is
  /// (sorted by path): the columns are drawn from the latest record.
  @Test func aChangedStoreShowsItsNewColumnsAndCounts() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 160, height: 20))
    let one = harness.query(["post", 1], value: "one")
    try await one.fetch()
    try await harness.query(["post", 2], value: "two").fetch()
    await harness.waitFor("inactive 2")
    #expect(harness.line(containing: "── 1 ")?.contains("0 sub") == true, "\(harness.text)")
    let subscription = one.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("fresh 1")
    #expect(harness.screen.find("inactive 1") != nil, "\(harness.text)")
    let row = try #require(harness.line(containing: "── 1 "))
    #expect(row.contains("fresh") && row.contains("1 sub"), "\(row)")
    #expect(!row.contains("\u{2007}"), "no placeholder left")
    try await one.refetch()
    await harness.waitUntil("two runs") { $0.line(containing: "── 1 ")?.contains("2 runs") == true }
  }

  @Test func filtersByPathText() async throws {
    let harness = try DevtoolsHarness()
    for id in [1, 2, 10, 11] { try await harness.query(["post", id], value: id).fetch() }
    try await harness.query(["user", 1], value: 1).fetch()
    await harness.waitFor("user · 1")
    harness.type("/")
    harness.type("post, 1")
    #expect(harness.screen.find("Queries · 3 of 5") != nil, "\(harness.text)")
    #expect(harness.screen.find("── 2 ") == nil)
    #expect(harness.screen.find("user") == nil)
    harness.press(.enter)
    #expect(harness.screen.find("/ post, 1") != nil, "the filter stays: \(harness.text)")
    harness.press(.escape)
    #expect(harness.screen.find("Queries · 5") != nil, "Esc clears it first")
    #expect(harness.app.closeCount == 0)
    harness.press(.escape)
    #expect(harness.app.closeCount == 1, "then Esc closes")
  }

  @Test func sortsByStatusAndByLastUpdate() async throws {
    let harness = try DevtoolsHarness()
    try await harness.query(["post", 1], value: 1).fetch()
    harness.advance(by: .seconds(1))
    try await harness.query(["post", 2], value: 2).fetch()
    harness.advance(by: .seconds(1))
    let failing = harness.client.store(
      for: Query<Int, any Error>(["post", 3]) { _ in throw TestFailure() }.retry(limit: 0))
    _ = try? await failing.fetch()
    await harness.waitFor("── 3")
    func order() -> [String] {
      harness.screen.lines.compactMap { line in
        ["── 1 ", "── 2 ", "── 3 "].first { line.contains($0) }
      }
    }
    #expect(order() == ["── 1 ", "── 2 ", "── 3 "])
    harness.press("o")
    #expect(harness.screen.find("sort status ▲") != nil)
    #expect(order().first == "── 3 ", "errors before inactive ones: \(harness.text)")
    harness.press("o")
    #expect(harness.screen.find("sort last update ▲") != nil)
    #expect(order() == ["── 3 ", "── 2 ", "── 1 "], "newest first: \(harness.text)")
    harness.press("O")
    #expect(order() == ["── 1 ", "── 2 ", "── 3 "])
  }

  @Test func selectionFollowsTheStoreWhenStoresComeAndGo() async throws {
    let harness = try DevtoolsHarness()
    for id in [5, 6, 7] { try await harness.query(["post", id], value: id).fetch() }
    await harness.waitFor("── 7")
    harness.press(.down, .down, .down)
    #expect(harness.line(containing: "── 6")?.contains("inactive") == true)
    #expect(harness.app.inspector.browser.selection == .store(mutations: false, ["post", 6]))
    for id in [1, 2, 3] { try await harness.query(["post", id], value: id).fetch() }
    await harness.waitFor("── 3")
    #expect(harness.app.inspector.browser.selection == .store(mutations: false, ["post", 6]))
    let row = try #require(harness.screen.find("── 6"))
    #expect(harness.screen.style(at: Point(x: row.x + 4, y: row.y)).attributes.contains(.reverse))
  }

  @Test func marksTheStoresBehindWhatTheAppShows() async throws {
    let harness = try DevtoolsHarness()
    try await harness.query(["post", 4], value: 4).fetch()
    try await harness.query(["posts", "feed"], value: [4]).fetch()
    harness.app.marks = [["post", 4]: "post", ["posts", "feed"]: "feed"]
    harness.press("o", "o", "o")
    await harness.waitFor("◀ post")
    #expect(harness.screen.find("posts · feed  ◀ feed") != nil, "\(harness.text)")
  }

  @Test func foldsAndUnfoldsGroups() async throws {
    let harness = try DevtoolsHarness()
    for id in [1, 2] { try await harness.query(["post", id], value: id).fetch() }
    try await harness.query(["user", 1], value: 1).fetch()
    await harness.waitFor("── 2")
    harness.press(.down)
    harness.press(.left)
    #expect(harness.screen.find("▸ post") != nil, "\(harness.text)")
    #expect(harness.screen.find("── 2") == nil)
    harness.press(.enter)
    #expect(harness.screen.find("── 2") != nil, "Enter on a group unfolds it")
  }

  @Test func entersFullScreenAndComesBack() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 100, height: 30))
    harness.app.panel = Rect(x: 50, y: 10, width: 50, height: 19)
    try await harness.query(["post", 1], value: 1).fetch()
    await harness.waitFor("Stores · 1 · S full screen")
    #expect(harness.screen.find("Stores")?.x == 52)
    let fullScreenHint = { harness.app.inspector.hints.first { $0.keys == "S" }?.label }
    #expect(fullScreenHint() == "full screen")
    harness.press("S")
    #expect(harness.app.inspector.presentation == .fullScreen)
    #expect(harness.screen.find("Stores · 1")?.x == 2, "\(harness.text)")
    #expect(fullScreenHint() == "panel", "the footer says where S goes from here")
    harness.press(.escape)
    #expect(harness.app.inspector.presentation == .panel)
    // A click on the title, then Enter on it from the header.
    let title = try #require(harness.screen.find("Stores · 1"))
    harness.click(at: title)
    #expect(harness.app.inspector.presentation == .fullScreen)
    harness.press(.up, .up, .enter)
    #expect(harness.app.inspector.presentation == .panel, "\(harness.text)")
  }

  @Test func mutationsHaveTheirOwnSectionWithEachAttempt() async throws {
    let harness = try DevtoolsHarness()
    let rename = harness.client.store(
      for: Mutation<String, String, any Error>(["posts", "rename"]) { title, _ in
        if title == "bad" { throw TestFailure(code: 7) }
        return "renamed to \(title)"
      })
    try await rename.mutate(with: "Hello")
    harness.advance(by: .milliseconds(320))
    _ = try? await rename.mutate(with: "bad")
    await harness.waitFor("Mutations · 1")
    #expect(harness.screen.find("posts · rename") != nil, "\(harness.text)")
    let first = try #require(harness.line(containing: "#1 \"Hello\""))
    #expect(first.contains("→ \"renamed to Hello\"") && first.contains("succeeded"), "\(first)")
    let second = try #require(harness.line(containing: "#2 \"bad\""))
    #expect(second.contains("test failure 7") && second.contains("failed"), "\(second)")
    #expect(
      (harness.screen.find("#2")?.y ?? 0) < (harness.screen.find("#1")?.y ?? 0), "newest first")
  }
}

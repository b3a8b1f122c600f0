import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

@Suite struct EventLogTests {
  @Test func showsEveryEventInOrderWithFailureReasons() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 130, height: 30), retries: 1)
    harness.transport.respond(
      to: .get, "items/3", with: .text(#"{"message":"down"}"#, statusCode: 503))
    let store = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/3"), path: ["item", 3])
        .retry(limit: 1, backoff: .constant(.seconds(1))))
    let fetch = Task { try await store.fetch() }
    await harness.waitUntil("first attempt failed") { _ in store.state.failureCount == 1 }
    await harness.release(after: .seconds(1))
    _ = try? await fetch.value
    harness.press("@")
    await harness.waitFor("Events · ")
    let added = try #require(harness.line(containing: "added"))
    #expect(added.contains("item · 3"), "\(added)")
    let failed = try #require(harness.line(containing: "attempt failed"))
    #expect(failed.contains("run #1 · attempt 1") && failed.contains("503"), "\(failed)")
    #expect(harness.line(containing: " retry ")?.contains("in 1.0 s") == true, "\(harness.text)")
    #expect(harness.line(containing: " failed ")?.contains("503") == true, "\(harness.text)")
    for (sequence, kind) in [(2, "run"), (3, "attempt failed"), (4, "retry"), (6, "failed")] {
      let row = harness.line(containing: "│     \(sequence) ")
      #expect(row?.contains(" \(kind) ") == true, "in order: \(harness.text)")
    }
  }

  @Test func filtersByPathOrKindAndEnterOpensTheTimelineAtThatMoment() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 130, height: 30))
    for id in 1...3 { try await harness.query(["post", id], value: "post \(id)").fetch() }
    try await harness.query(["post", 2], value: "post 2").refetch()
    harness.press("@")
    await harness.waitFor("Events · ")
    harness.press("/")
    harness.type("post · 2")
    harness.press(.enter)
    #expect(harness.screen.find("Events · ") != nil)
    #expect(harness.screen.find("post · 1") == nil, "\(harness.text)")
    #expect(harness.screen.find("post · 3") == nil, "\(harness.text)")
    #expect(harness.screen.find("of ") != nil, "the title counts what shows: \(harness.text)")
    // The first run's success of post · 2.
    harness.press("g", .down, .down)
    let selected = try #require(harness.line(containing: "succeeded"))
    #expect(selected.contains("run #1"), "\(harness.text)")
    harness.press(.enter)
    await harness.waitFor("Store post · 2")
    #expect(harness.screen.find("run #1 fetch") != nil, "\(harness.text)")
    #expect(
      harness.screen.find("attempt 1 of run #1 · started") != nil,
      "the run of the event is selected and described: \(harness.text)")
    harness.press(.escape)
    #expect(harness.screen.find("Events · ") != nil, "Esc goes back to the event log")
  }

  @Test func aHundredThousandEventsKeepTheLatest() {
    let log = EventLog(capacity: 1000)
    for index in 0..<100_000 {
      log.append(.invalidated, path: ["post", index], isMutation: false, date: Date())
    }
    #expect(log.total == 100_000)
    #expect(log.window.first == 99_001 && log.window.count == 1000)
    #expect(log.record(100_000)?.path == ["post", 99_999])
    #expect(log.record(99_000) == nil)
    #expect(log.sequences(after: 99_990) { _ in true }.count == 10)
  }
}

// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/TestingWithTheTestClock.md as written; DocumentationTests checks it.

import Testing
import TetherCore

struct Flaky: Error {}

@Test func retriesWithBackoff() async throws {
  let clock = TestClock()
  let client = OperationClient(clock: clock, connectivity: ManualCondition(true))
  let attempts = ManualCondition(false)
  let store = client.store(
    for: Query(["flaky"]) { _ in
      guard attempts.value else {
        attempts.set(true)
        throw Flaky()
      }
      return "ok"
    }.retry(limit: 3))
  let fetch = Task { try await store.fetch() }
  var states = store.states.makeAsyncIterator()
  while await states.next()?.retryProgress == nil {}  // the retry is scheduled
  clock.advance(by: .seconds(1))
  #expect(try await fetch.value == "ok")
}

import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("Streams article")
struct StreamsArticleTests {
  @Test("the article's store follows the mocked stream across a dropped connection")
  func changedPostsAcrossADrop() async throws {
    let clock = TestClock()
    let operations = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let api = APIClient.mocked(clock: clock)
    let query = api.streamedQuery(mockedChanges, initialValue: [Int]()) { ids, change in
      if let id = change.id { ids.append(id) }
    }
    let store = operations.store(for: query.retry(limit: 20, backoff: .constant(.seconds(1))))
    let run = Task { try await store.fetch() }
    for _ in 0..<4 {
      await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
      clock.advance(by: .seconds(1))
    }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(30)))
    // Event 1, the drop, the reconnection with Last-Event-ID: 1 and its event 2, then silence.
    #expect(store.state.currentValue == [3, 3])
    run.cancel()
    _ = await run.result
    let fresh = OperationClient(clock: clock, connectivity: ManualCondition(true))
    #expect(changedPosts(api, in: fresh).state.currentValue == nil)
  }
}

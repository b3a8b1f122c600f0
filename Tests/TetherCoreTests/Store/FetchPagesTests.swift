import Testing
import TetherSynchronization

@testable import TetherCore

/// `fetchPages(count:)`: TanStack's `fetchInfiniteQuery({ pages })`, in one run.
@Suite struct FetchPagesTests {
  typealias Feed = PaginatedStoreTests.Feed

  let client = OperationClient.testing()

  @Test func threePagesFetchedByOneCall() async throws {
    let feed = Feed()
    feed.total.withLock { $0 = 45 }
    let store = client.store(for: feed.query().enabled(false))
    let pages = try await store.fetchPages(count: 3)
    #expect(pages.map(\.id) == [0, 10, 20])
    #expect(store.state.pages.map(\.id) == [0, 10, 20])
    #expect(store.state.hasNextPage)
    #expect(feed.fetched.withLock { $0 } == [0, 10, 20])
    // One run, one change of value: a screen sees three pages at once, not one by one.
    #expect(store.state.runCount == 1 && store.state.valueUpdateCount == 1)
    #expect(store.runLog.filter { $0.event.description.hasPrefix("started") }.count == 1)
  }

  @Test func stopsAtTheLastPage() async throws {
    let feed = Feed()
    feed.total.withLock { $0 = 15 }
    let store = client.store(for: feed.query().enabled(false))
    let pages = try await store.fetchPages(count: 5)
    #expect(pages.map(\.id) == [0, 10])
    #expect(!store.state.hasNextPage)
    #expect(feed.fetched.withLock { $0 } == [0, 10])
  }

  @Test func replacesTheLoadedPagesFromTheFirstOne() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().enabled(false))
    try await store.fetchPages(count: 3)
    #expect(store.state.pages.map(\.id) == [0, 10, 20])
    feed.fetched.withLock { $0 = [] }
    let pages = try await store.fetchPages(count: 1)
    #expect(pages.map(\.id) == [0])
    #expect(store.state.pages.map(\.id) == [0] && store.state.hasNextPage)
    #expect(feed.fetched.withLock { $0 } == [0])
  }

  @Test func aCountBelowOneFetchesTheFirstPage() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().enabled(false))
    #expect(try await store.fetchPages(count: 0).map(\.id) == [0])
  }

  @Test func aRetryGoesOnFromTheFailedPage() async throws {
    let feed = Feed()
    feed.failOnce.withLock { $0 = [10] }
    let store = client.store(
      for: feed.query().retry(limit: 3, backoff: .none).enabled(false))
    let pages = try await store.fetchPages(count: 3)
    #expect(pages.map(\.id) == [0, 10, 20])
    #expect(feed.fetched.withLock { $0 } == [0, 10, 10, 20])
  }

  @Test func isRefetchingAllPagesWhileItRuns() async throws {
    let runs = ScriptedRuns<[Int]>()
    let store = client.store(
      for: PaginatedQuery<Int, [Int], any Error>(["scripted"], initialPageID: 0) { last, _ in
        last.id < 20 ? last.id + 10 : nil
      } fetchPage: { _, _ in
        try await runs.run()
      }.enabled(false))
    let recorder = StateRecorder(store)
    let fetching = Task { try await store.fetchPages(count: 2) }
    await runs.waitForStarts(1)
    #expect(store.state.isRefetchingAllPages && !store.state.isFetchingNextPage)
    runs.succeed([0])
    await runs.waitForStarts(2)
    runs.succeed([10])
    #expect(try await fetching.value.map(\.id) == [0, 10])
    // No intermediate page reached the state: the two pages arrive together.
    #expect(!recorder.states.contains { $0.pages.count == 1 })
  }
}

import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct PaginatedStoreTests {
  /// Offsets as page ids over `total` numbered items, `pageSize` per page.
  final class Feed: Sendable {
    let total = SanitizerVisibleMutex(25)
    let fetched = SanitizerVisibleMutex<[Int]>([])
    /// Offsets whose next fetch fails once.
    let failOnce = SanitizerVisibleMutex<Set<Int>>([])
    let pageSize = 10

    func query(path: OperationPath = ["feed"]) -> PaginatedQuery<Int, [Int], any Error> {
      PaginatedQuery(path, initialPageID: 0) { last, _ in
        last.id + self.pageSize < self.total.withLock { $0 } ? last.id + self.pageSize : nil
      } previousPageID: { first, _ in
        first.id > 0 ? first.id - self.pageSize : nil
      } fetchPage: { offset, _ in
        self.fetched.withLock { $0.append(offset) }
        if self.failOnce.withLock({ $0.remove(offset) != nil }) { throw TestFailure(code: offset) }
        let total = self.total.withLock { $0 }
        return Array(offset..<min(offset + self.pageSize, total))
      }
    }
  }

  let client = OperationClient.testing()

  @Test func nextAndPreviousFetchTheInitialPageWhenEmpty() async throws {
    let feed = Feed()
    let next = client.store(for: feed.query(path: ["next"]).enabled(false))
    let first = try await next.fetchNextPage()
    #expect(first?.id == 0)
    #expect(next.state.pages.map(\.id) == [0])

    let previous = client.store(for: feed.query(path: ["previous"]).enabled(false))
    #expect(try await previous.fetchPreviousPage()?.id == 0)
    #expect(!previous.state.hasPreviousPage)
    #expect(previous.state.hasNextPage)
  }

  @Test func fetchingForwardUntilTheEnd() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().enabled(false))
    try await store.fetch()
    #expect(try await store.fetchNextPage()?.id == 10)
    #expect(try await store.fetchNextPage()?.value == [20, 21, 22, 23, 24])
    #expect(!store.state.hasNextPage)
    #expect(try await store.fetchNextPage() == nil)
    let state = store.state
    #expect(state.pages.map(\.id) == [0, 10, 20])
    #expect(state.pages.flatMap(\.value) == Array(0..<25))
    #expect(state.valueUpdateCount == 3)
    #expect(state.status == .success)
    #expect(feed.fetched.withLock { $0 } == [0, 10, 20])
  }

  @Test func refetchAllKeepsOrderAndStopsAtTheFirstMissingNextID() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().enabled(false))
    try await store.fetch()
    try await store.fetchNextPage()
    try await store.fetchNextPage()
    feed.total.withLock { $0 = 15 }
    feed.fetched.withLock { $0 = [] }
    let pages = try await store.refetchAllPages()
    #expect(pages.map(\.id) == [0, 10])
    #expect(store.state.pages.map(\.value) == [Array(0..<10), Array(10..<15)])
    #expect(feed.fetched.withLock { $0 } == [0, 10])
    #expect(!store.state.hasNextPage)
  }

  @Test func maxPagesDropsPagesFromTheFarEnd() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().maxPages(2).enabled(false))
    try await store.fetch()
    try await store.fetchNextPage()
    try await store.fetchNextPage()
    #expect(store.state.pages.map(\.id) == [10, 20])
    #expect(store.state.hasPreviousPage)
    #expect(store.state.previousPageID == 0)
    try await store.fetchPreviousPage()
    #expect(store.state.pages.map(\.id) == [0, 10])
    #expect(store.state.hasNextPage)
  }

  @Test func loadingFlagsAndErrorsAreKeptPerDirection() async throws {
    let runs = ScriptedRuns<[Int]>()
    let store = client.store(
      for: PaginatedQuery<Int, [Int], any Error>(["directions"], initialPageID: 0) { last, _ in
        last.id + 1
      } fetchPage: { _, _ in
        try await runs.run()
      }.retry(limit: 0).enabled(false))
    let initial = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    #expect(store.state.isFetchingInitialPage && !store.state.isFetchingNextPage)
    runs.succeed([1])
    _ = try await initial.value
    let next = Task { try await store.fetchNextPage() }
    await runs.waitForStarts(2)
    #expect(store.state.isFetchingNextPage && !store.state.isFetchingInitialPage)
    runs.fail(TestFailure(code: 3))
    await #expect { try await next.value } throws: { failureCode(of: $0) == 3 }
    #expect((store.state.nextPageError as? TestFailure)?.code == 3)
    #expect(store.state.initialPageError == nil)
    #expect(store.state.pages.count == 1)
    #expect(store.state.status == .failure)
  }

  @Test func subscribingFetchesTheFirstPageThenRefetchesAll() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query(path: ["auto-feed"]))
    let recorder = StateRecorder(store)
    await recorder.next { $0.pages.count == 1 && !$0.isFetching }
    try await store.fetchNextPage()
    recorder.cancel()
    feed.fetched.withLock { $0 = [] }
    let again = StateRecorder(store)
    await again.next { $0.isRefetchingAllPages }
    await again.next { !$0.isFetching }
    #expect(feed.fetched.withLock { $0 } == [0, 10])
  }

  @Test func optimisticEditOfALoadedPage() async throws {
    let feed = Feed()
    let store = client.store(for: feed.query().enabled(false))
    try await store.fetch()
    store.withCurrentValue { pages in pages[0].value[0] = -1 }
    #expect(store.state.pages[0].value.first == -1)
    #expect(store.state.hasNextPage)
  }

  @Test func aRetriedRefetchOfEveryPageRetriesOnlyTheFailingPage() async throws {
    let feed = Feed()
    let store = client.store(
      for: feed.query().retry(limit: 3, backoff: .none).enabled(false))
    try await store.fetch()
    try await store.fetchNextPage()
    try await store.fetchNextPage()
    #expect(feed.fetched.withLock { $0 } == [0, 10, 20])
    feed.fetched.withLock { $0 = [] }
    feed.failOnce.withLock { $0 = [20] }
    let pages = try await store.refetchAllPages()
    #expect(pages.map(\.id) == [0, 10, 20])
    // The retry goes on from the failed page: 4 fetches, not 0, 10, 20, 0, 10, 20.
    #expect(feed.fetched.withLock { $0 } == [0, 10, 20, 20])
    #expect(store.state.runCount == 4)
  }

  @Test func aNextPageAskedForDuringARefetchFollowsTheFreshPages() async throws {
    struct Chunk: Sendable, Equatable {
      var items: [Int]
      var next: Int?
    }
    let answers = ScriptedRuns<Chunk>()
    let asked = SanitizerVisibleMutex<[Int]>([])
    let store = client.store(
      for: PaginatedQuery<Int, Chunk, any Error>(["chunks"], initialPageID: 0) { last, _ in
        last.value.next
      } fetchPage: { id, _ in
        asked.withLock { $0.append(id) }
        return try await answers.run()
      }.retry(limit: 0).enabled(false))

    let first = Task { try await store.fetchNextPage() }
    await answers.waitForStarts(1)
    answers.succeed(Chunk(items: [0], next: 10))
    _ = try await first.value
    let second = Task { try await store.fetchNextPage() }
    await answers.waitForStarts(2)
    answers.succeed(Chunk(items: [10], next: 20))
    _ = try await second.value
    #expect(store.state.nextPageID == 20)

    let refetch = Task { try await store.refetchAllPages() }
    await answers.waitForStarts(3)
    let next = Task { try await store.fetchNextPage() }
    // The next page waits for the refetch instead of fetching 20 from the old pages.
    while store.state.runCount < 3 { await Task.yield() }
    #expect(answers.startCount == 3)
    answers.succeed(Chunk(items: [0], next: 10))
    await answers.waitForStarts(4)
    answers.succeed(Chunk(items: [10, 11, 12, 13, 14], next: 15))  // the feed has changed
    _ = try await refetch.value
    await answers.waitForStarts(5)
    answers.succeed(Chunk(items: [15], next: nil))
    let page = try await next.value
    #expect(page?.id == 15)
    #expect(asked.withLock { $0 } == [0, 10, 0, 10, 15])
    #expect(store.state.pages.map(\.id) == [0, 10, 15])
    #expect(!store.state.hasNextPage)
  }
}

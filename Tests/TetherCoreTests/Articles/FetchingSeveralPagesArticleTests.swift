import Testing
import TetherCore

// The Swift blocks of TetherCore.docc/FetchingSeveralPages.md, as written there.
func prefetchFeed(_ client: OperationClient) async throws -> Int {
  let feed = PaginatedQuery<Int, [Int], any Error>(["feed"], initialPageID: 0) { last, _ in
    last.value.count == 10 ? last.id + 10 : nil
  } fetchPage: { offset, _ in
    Array(offset..<min(offset + 10, 25))
  }
  let pages = try await client.store(for: feed).fetchPages(count: 3)
  return pages.count  // 3: offsets 0, 10 and 20; 20 is the last page
}

@Suite struct FetchingSeveralPagesArticleTests {
  @Test func fetchingSeveralPages() async throws {
    #expect(try await prefetchFeed(OperationClient.testing()) == 3)
  }
}

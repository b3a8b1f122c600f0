// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/Pagination.md as written; DocumentationTests checks it.

import TetherCore

func paginationExample() async throws {
  struct PostsPage: Sendable {
    var titles: [String]
    var total: Int

    static func load(skip: Int) async throws -> PostsPage {
      PostsPage(titles: ["Post \(skip)"], total: 25)
    }
  }

  let client = OperationClient()
  let feed = PaginatedQuery(["posts"], initialPageID: 0) { last, _ in
    last.id + 10 < last.value.total ? last.id + 10 : nil
  } fetchPage: { skip, _ in
    try await PostsPage.load(skip: skip)
  }.maxPages(50)

  let store = client.store(for: feed)
  try await store.fetchNextPage()  // the first page when none is loaded
  try await store.fetchNextPage()
  print(store.state.pages.map(\.id), store.state.hasNextPage)  // [0, 10] true
  try await store.refetchAllPages()  // in order, each next id from the fresh pages
}

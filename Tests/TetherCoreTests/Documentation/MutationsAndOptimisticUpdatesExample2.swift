// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/MutationsAndOptimisticUpdates.md as written; DocumentationTests checks it.

import TetherCore

func mutationsAndOptimisticUpdatesExample2() async throws {
  struct Page: Sendable {
    var titles: [String]
  }

  let client = OperationClient()
  let pages = PaginatedQuery(["feed"], initialPageID: 0) { last, _ in
    last.id < 3 ? last.id + 1 : nil
  } fetchPage: { id, _ in
    Page(titles: ["Post \(id)"])
  }
  let feed = client.store(for: pages)
  try await feed.fetch()

  let remove = Mutation(["feed", "remove"]) { (title: String, _) in title }
    // A page of the feed still loading goes on loading; the removal is made on it too.
    .optimisticUpdate(of: Page.self, matching: { _ in ["feed"] }, runsInFlight: .wait) {
      page, title in page.titles.removeAll { $0 == title }
    }
    .lifecycle(onSuccess: { title, _ in print("removed \(title)") })

  try await client.store(for: remove).mutate(with: "Post 0")
  print(feed.state.pages.map(\.value.titles))  // [[]]
}

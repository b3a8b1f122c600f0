// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/PlaceholdersAndBulkUpdates.md as written; DocumentationTests checks it.

import TetherCore

func placeholdersAndBulkUpdatesExample1() async throws {
  struct Post: Sendable, Equatable {
    var id: Int
    var title: String
  }

  let client = OperationClient()
  let feed = Query(["posts", "feed"]) { _ in [Post(id: 7, title: "From the feed")] }
  try await client.store(for: feed).fetch()

  // The post from the loaded feed is shown while its own fetch runs; it is marked as a
  // placeholder (`isPlaceholder`) and never becomes the store's value.
  let post = client.store(
    for: Query(["post", 7]) { _ in Post(id: 7, title: "In full") }
      .placeholder { client in client.store(for: feed).state.currentValue?.first }
  )
  print(post.state.valueOrPlaceholder?.title ?? "")  // From the feed
  try await post.fetch()

  // Every Post held by a query under ["post"], changed without casting; returns what changed.
  let changes = client.updateValues(matching: ["post"], of: Post.self) { $0.title += "!" }
  print(changes.map(\.path), post.state.currentValue?.title ?? "")  // [["post", 7]] In full!
}

// Mirrors a Swift block of README.md as written; DocumentationTests checks it.

import TetherCore

func readmeCoreExample() async throws {
  struct Post: Sendable, Equatable {
    var id: Int
    var title: String
  }

  let client = OperationClient()
  let post = client.store(
    for: Query(["post", 1]) { _ in Post(id: 1, title: "Hello") }
      .retry(limit: 3)  // 1 s, 2 s, 4 s between attempts
      .stale(after: .seconds(30)))
  let subscription = post.subscribe { state in print(state.status, state.fetchStatus) }
  print(try await post.fetch().title)  // concurrent fetches share one run
  client.invalidate(matching: ["post"])  // observed stores refetch, the others go stale
  subscription.cancel()
}

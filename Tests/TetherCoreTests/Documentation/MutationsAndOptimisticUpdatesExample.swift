// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/MutationsAndOptimisticUpdates.md as written; DocumentationTests checks it.

import TetherCore

func mutationsAndOptimisticUpdatesExample() async throws {
  struct Post: Sendable, Equatable {
    var id: Int
    var title: String
  }

  struct Rename: Sendable {
    var id: Int
    var title: String

    func send() async throws -> Post { Post(id: id, title: title) }
  }

  let client = OperationClient()
  let post = client.store(for: Query(["post", 1]) { _ in Post(id: 1, title: "Old title") })
  try await post.fetch()

  let rename = Mutation(["post", "rename"]) { (change: Rename, _) in try await change.send() }
    // When an attempt starts: cancel fetches of ["post", id] in flight and change the post on
    // screen at once; if it fails (or is cancelled): put the old post back; when it settles:
    // invalidate ["post", id], so it is refetched.
    .optimisticUpdate(of: Post.self, matching: { ["post", $0.id] }) { post, change in
      post.title = change.title
    }
    .lifecycle(onSuccess: { saved, _ in print("saved \(saved.title)") })

  try await client.store(for: rename).mutate(with: Rename(id: 1, title: "New title"))
}

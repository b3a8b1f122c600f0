// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/QueriesAndTheirStatuses.md as written; DocumentationTests checks it.

import TetherCore

func queriesAndTheirStatusesExample() async throws {
  struct Post: Sendable, Equatable {
    var id: Int
    var title: String

    static func load(_ id: Int) async throws -> Post { Post(id: id, title: "Hello") }
  }

  let client = OperationClient()  // one store per operation path

  func postQuery(_ id: Int) -> some QueryRequest<Post, any Error> {
    Query(["post", id]) { _ in try await Post.load(id) }
      .retry(limit: 3)  // 1 s, 2 s, 4 s between attempts (the default backoff)
      .stale(after: .seconds(30))
  }

  let store = client.store(for: postQuery(42))
  let subscription = store.subscribe { state in  // now, then every change, in order
    switch (state.status, state.fetchStatus) {
    case (.pending, .fetching): print("Loading…")  // state.isLoading
    case (.pending, .paused): print("Waiting for the network…")
    case (.success, .fetching): print("Refreshing…")  // state.isRefetching
    case (.success, _): print(state.currentValue?.title ?? "")
    case (.failure, _):  // the last value stays too
      print("Failed after \(state.failureCount) attempts: \(state.error.map { "\($0)" } ?? "")")
    default: break
    }
  }
  do {
    let post = try await store.fetch()  // concurrent fetches share one run
    print(post.title)
  } catch .failure(let error) {  // the operation's own failure, typed
    print(error)
  } catch .cancelled {
    print("cancelled")
  }
  subscription.cancel()
}

import Testing
import TetherCore

// The Swift blocks of TetherCore.docc/Projections.md, as written there.
struct Post: Equatable, Sendable {
  var title: String
  var body: String
}

func showTitle(of store: OperationStore<QueryState<Post, any Error>>) -> OperationSubscription {
  store.subscribe(select: \.currentValue?.title) { title in
    print(title ?? "…")  // not called when only the body changes, nor while it fetches
  }
}

func drawRow(of store: OperationStore<QueryState<[String], any Error>>) -> OperationSubscription {
  store.subscribe(notifyingOn: [.value, .status]) { state in
    print(state.status, state.currentValue?.count ?? 0)  // retries and pauses don't redraw
  }
}

struct Header: Equatable, Sendable {
  var name: String
  var unread: Int
  var isLoading: Bool
}

func header(
  user: OperationStore<QueryState<String, any Error>>,
  unread: OperationStore<QueryState<Int, any Error>>
) -> CombinedStores<Header> {
  CombinedStores(user, unread) { user, unread in
    Header(
      name: user.currentValue ?? "…", unread: unread.currentValue ?? 0,
      isLoading: user.isLoading || unread.isLoading)
  }
}

@Suite struct ProjectionsArticleTests {
  let client = OperationClient.testing()

  @Test func selectAndProperties() async throws {
    let post = client.store(
      for: Query<Post, any Error>(["post"]) { _ in Post(title: "t", body: "b") }.enabled(false))
    showTitle(of: post).cancel()
    let list = client.store(for: Query<[String], any Error>(["list"]) { _ in [] }.enabled(false))
    drawRow(of: list).cancel()
  }

  @Test func combined() async throws {
    let user = client.store(for: Query<String, any Error>(["user"]) { _ in "ada" }.enabled(false))
    let unread = client.store(for: Query<Int, any Error>(["unread"]) { _ in 2 }.enabled(false))
    let combined = header(user: user, unread: unread)
    try await user.fetch()
    try await unread.fetch()
    #expect(combined.value == Header(name: "ada", unread: 2, isLoading: false))
  }
}

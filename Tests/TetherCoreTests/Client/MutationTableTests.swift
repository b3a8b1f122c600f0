import Testing

@testable import TetherCore

@Suite struct MutationTableTests {
  let client = OperationClient.testing()

  @Test func prefixOperationsNeverRunOrResetAMutation() async throws {
    let sent = Counter()
    let add = client.store(
      for: Mutation<String, String, any Error>(["posts", "add"]) { title, _ in
        sent.increment()
        return title
      })
    let feedRuns = Counter()
    let feed = client.store(
      for: Query<Int, any Error>(["posts", "feed"]) { _ in feedRuns.increment() })
    try await add.mutate(with: "hello")
    try await feed.fetch()

    await client.refetch(matching: ["posts"])
    client.invalidate(matching: ["posts"])
    client.cancel(matching: ["posts"])
    client.reset(matching: ["posts"])

    #expect(sent.count == 1)  // it used to be re-sent by the refetch
    #expect(add.state.history.map(\.arguments) == ["hello"])
    #expect(add.state.status == .success)
    #expect(feedRuns.count == 2)
    #expect(client.stores(matching: ["posts"]).map(\.path) == [["posts", "feed"]])
    #expect(client.mutationStores(matching: ["posts"]).map(\.path) == [["posts", "add"]])
  }

  @Test func aQueryAndAMutationMayShareAPath() async throws {
    let query = client.store(for: Query<Int, any Error>(["post", 1]) { _ in 1 })
    let mutation = client.store(
      for: Mutation<Int, Int, any Error>(["post", 1]) { value, _ in value })
    try await query.fetch()
    try await mutation.mutate(with: 2)
    #expect(client.store(at: ["post", 1]) === query)
    #expect(client.mutationStore(at: ["post", 1]) === mutation)
    #expect(client.storeCount == 2)
  }

  @Test func refetchByPrefixSkipsDisabledAndNeverStaleStores() async throws {
    let runs = Counter()
    let enabled = client.store(
      for: Query<Int, any Error>(["x", "enabled"]) { _ in runs.increment() })
    let disabled = client.store(
      for: Query<Int, any Error>(["x", "disabled"]) { _ in runs.increment() }.enabled(false))
    let constant = client.store(
      for: Query<Int, any Error>(["x", "static"]) { _ in runs.increment() }.neverStale())
    try await constant.fetch()
    await client.refetch(matching: ["x"])
    #expect(runs.count == 2)
    #expect(enabled.state.hasValue && !disabled.state.hasValue)
    #expect(constant.state.runCount == 1)
    // Asked for by name, they run.
    try await disabled.refetch()
    try await constant.refetch()
    #expect(runs.count == 4)
  }

  @Test func removingQueriesLeavesMutations() async throws {
    _ = client.store(for: Query<Int, any Error>(["posts", "feed"]) { _ in 1 })
    _ = client.store(for: Mutation<Int, Int, any Error>(["posts", "add"]) { value, _ in value })
    client.remove(matching: ["posts"])
    #expect(client.stores().isEmpty)
    #expect(client.mutationStores().count == 1)
    client.removeMutations(matching: ["posts"])
    #expect(client.storeCount == 0)
  }
}

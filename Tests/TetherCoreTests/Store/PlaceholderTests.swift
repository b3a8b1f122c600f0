import Testing

@testable import TetherCore

@Suite struct PlaceholderTests {
  let client = OperationClient.testing()

  @Test func aPlaceholderShowsUntilTheValueArrivesAndIsNeverCached() async throws {
    let runs = ScriptedRuns<String>()
    let query = Query<String, any Error>(["post", 1]) { _ in try await runs.run() }
      .retry(limit: 0).enabled(false)
    let store = client.store(for: query, placeholder: "from the feed")
    var state = store.state
    #expect(state.isPlaceholder && state.valueOrPlaceholder == "from the feed")
    #expect(state.currentValue == nil && !state.hasValue && state.valueUpdateCount == 0)
    #expect(state.status == .pending && store.snapshot.isPlaceholder)
    let fetch = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    #expect(store.state.isLoading && store.state.isPlaceholder)
    runs.succeed("the post")
    _ = try await fetch.value
    state = store.state
    #expect(!state.isPlaceholder && state.valueOrPlaceholder == "the post")
    // Once there is a value, later placeholders are not shown.
    _ = client.store(for: query, placeholder: "older copy")
    #expect(store.state.valueOrPlaceholder == "the post")
  }

  @Test func aPlaceholderModifierCanReadAnotherStore() async throws {
    let feed = Query<[String], any Error>(["feed"]) { _ in ["first", "second"] }
    try await client.store(for: feed).fetch()
    let post = client.store(
      for: Query<String, any Error>(["post", 2]) { _ in "second, in full" }
        .placeholder { client in client.store(for: feed).state.currentValue?[1] }
        .enabled(false))
    #expect(post.state.placeholder == "second" && post.state.isPlaceholder)
    try await post.fetch()
    #expect(post.state.currentValue == "second, in full")
  }
}

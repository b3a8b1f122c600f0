import Foundation
import PostsService
import Testing
import TetherCore
import TetherHTTP
import TetherSynchronization

@testable import PostsBrowser

/// The browser's model over a cache file and a real Posts service on loopback that is stopped
/// and started again between launches, on the test clock.
@Suite struct PostsCacheTests {
  let clock = TestClock()
  let directory: URL
  let file: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("posts-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    file = directory.appendingPathComponent("posts.sqlite")
  }

  /// The model of `posts --url` on `url`, online or not.
  func configuration(_ url: URL, online: ManualCondition = ManualCondition(true))
    -> PostsModel.Configuration
  {
    PostsModel.Configuration(
      baseURL: url, timeouts: HTTPTimeouts(), clock: clock, retries: 0, persistsWrites: true,
      connectivity: online)
  }

  @Test func aLaunchWithTheServerStoppedShowsTheCachedFeedThenRevalidates() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let url = server.baseURL
    let first = await PostsModel.open(configuration(url), cacheFile: file)
    #expect(first.restoredFeedDate == nil && first.feedCachedAt == nil)
    try await first.loadPages(untilLoaded: 20)
    _ = try await first.post(249).fetch()
    let fetchedAt = try #require(first.feed.state.valueLastUpdatedAt)
    await first.closeCache()
    await server.shutdown()
    clock.advance(by: .seconds(2 * 3600))

    let second = await PostsModel.open(configuration(url), cacheFile: file)
    // Before any request returns: the feed and the post read last time.
    #expect(second.feedCachedAt == fetchedAt)
    #expect(second.feedPosts.count == 20 && second.feedPosts.first?.id == 251)
    #expect(second.post(249).state.currentValue?.id == 249)
    #expect(Describe.age(since: fetchedAt, now: clock.now()) == "2 h old")
    // The revalidation fails: the cached feed stays, still said to be from the cache.
    _ = try? await second.feed.refetch()
    #expect(second.feed.state.status == .failure && second.feedPosts.count == 20)
    #expect(second.feedCachedAt == fetchedAt)

    let restarted = try PostsServer.start(PostsServer.Configuration(port: server.port))
    try await second.feed.refetch()
    #expect(second.feedCachedAt == nil && second.feedPosts.count == 20)
    await second.closeCache()
    await restarted.shutdown()
  }

  @Test func aLocalChangeKeepsTheFromCacheLabelUntilTheServerAnswers() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let url = server.baseURL
    let first = await PostsModel.open(configuration(url), cacheFile: file)
    try await first.loadPages(untilLoaded: 20)
    let fetchedAt = try #require(first.feed.state.valueLastUpdatedAt)
    await first.closeCache()
    await server.shutdown()
    clock.advance(by: .seconds(60))

    let second = await PostsModel.open(configuration(url), cacheFile: file)
    #expect(second.feedCachedAt == fetchedAt)
    // What an optimistic edit or delete does to the feed: the pages shown are still the cache's.
    second.feed.withCurrentValue { pages in pages[0].value.posts[0].title = "edited here" }
    #expect(second.feedPosts.first?.title == "edited here")
    #expect(second.feedCachedAt == fetchedAt)
    _ = try? await second.feed.refetch()
    #expect(second.feedCachedAt == fetchedAt)

    let restarted = try PostsServer.start(PostsServer.Configuration(port: server.port))
    try await second.feed.refetch()
    #expect(second.feedCachedAt == nil)
    await second.closeCache()
    await restarted.shutdown()
  }

  @Test func anotherServersCacheIsNotShown() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let first = await PostsModel.open(configuration(server.baseURL), cacheFile: file)
    try await first.feed.fetch()
    await first.closeCache()
    let other = URL(string: "http://127.0.0.1:1")!
    let second = await PostsModel.open(configuration(other), cacheFile: file)
    #expect(second.feedPosts.isEmpty && second.restoredFeedDate == nil)
    #expect(second.cache?.persistence.restoration.discarded != nil)
    await second.closeCache()
    await server.shutdown()
  }

  @Test func aPostWrittenOfflineIsSentOnceAtTheNextLaunch() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let url = server.baseURL
    let online = ManualCondition(true)
    let first = await PostsModel.open(configuration(url, online: online), cacheFile: file)
    try await first.feed.fetch()
    online.set(false)
    let queued = Task { try await first.create(PostDraft(title: "On the train", body: "b")) }
    var states = first.addPost.states.makeAsyncIterator()
    while await states.next()?.isPaused == false {}
    await first.closeCache()
    queued.cancel()

    let second = await PostsModel.open(configuration(url), cacheFile: file)
    var resumed = second.addPost.states.makeAsyncIterator()
    while await resumed.next()?.status != .success {}
    try await second.feed.refetch()
    let titles = second.feedPosts.map(\.title)
    #expect(titles.first == "On the train")
    #expect(titles.filter { $0 == "On the train" }.count == 1)
    await second.closeCache()

    let third = await PostsModel.open(configuration(url), cacheFile: file)
    #expect(third.addPost.state.history.isEmpty)
    await third.closeCache()
    await server.shutdown()
  }

  @Test func anEditMadeOfflineIsSentOnceAtTheNextLaunch() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let puts = SanitizerVisibleMutex(0)
    var serverConfiguration = PostsServer.Configuration(port: 0)
    serverConfiguration.requestLog = { entry in
      if entry.method == "PUT" { puts.withLock { $0 += 1 } }
    }
    let server = try PostsServer.start(serverConfiguration)
    let url = server.baseURL
    let online = ManualCondition(true)
    let first = await PostsModel.open(configuration(url, online: online), cacheFile: file)
    try await first.feed.fetch()
    let id = try #require(first.feedPosts.first?.id)
    online.set(false)
    let queued = Task {
      try await first.edit(id, draft: PostDraft(title: "Edited offline", body: "b"))
    }
    let edits = first.client.store(for: first.operations.editPost)
    var states = edits.states.makeAsyncIterator()
    while await states.next()?.isPaused == false {}
    #expect(first.feedPosts.first?.title == "Edited offline")
    await first.closeCache()
    queued.cancel()
    #expect(puts.withLock { $0 } == 0)

    let second = await PostsModel.open(configuration(url), cacheFile: file)
    let resumed = second.client.store(for: second.operations.editPost)
    // Restored and started when the store was made, at launch.
    try #require(resumed.state.history.map(\.arguments.draft.title) == ["Edited offline"])
    var resumedStates = resumed.states.makeAsyncIterator()
    while await resumedStates.next()?.status != .success {}
    #expect(second.feedPosts.first { $0.id == id }?.title == "Edited offline")
    try await second.feed.refetch()
    // The server logs a request once its answer is written, which the client may read first:
    // counted once the server has answered a later request.
    #expect(puts.withLock { $0 } == 1)
    #expect(second.feedPosts.first { $0.id == id }?.title == "Edited offline")
    await second.closeCache()

    let third = await PostsModel.open(configuration(url), cacheFile: file)
    #expect(third.client.store(for: third.operations.editPost).state.history.isEmpty)
    await third.closeCache()
    #expect(puts.withLock { $0 } == 1)
    await server.shutdown()
  }

  /// With `--url` the browser puts a post it created at the top by hand. A queued post sent at
  /// launch lands on the server between the feed's page fetches: the next page, fetched by
  /// offset, then starts with the last post of the one before.
  @Test func aPostSentBetweenPageFetchesIsShownOnce() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    var remote = configuration(server.baseURL)
    remote.persistsWrites = false
    let model = await PostsModel.open(remote, cacheFile: file)
    try await model.feed.fetch()
    let lastOfFirstPage = try #require(model.feedPosts.last?.id)
    _ = try await model.operations.api.send(
      PostsAPI.addPost(PostDraft(title: "Sent", body: "b", userId: 1)))
    try await model.loadMore()
    let ids = model.feedPosts.map(\.id)
    #expect(ids.count == Set(ids).count)
    #expect(ids.filter { $0 == lastOfFirstPage }.count == 1)
    #expect(model.feed.state.pages[1].value.posts.first?.id == lastOfFirstPage)
    await model.closeCache()
    await server.shutdown()
  }

  /// An edit made while the feed revalidates (offline, its run paused) leaves that run to
  /// finish — a load the screen waits for is never cancelled by a write — and what the run
  /// brings, read before the edit reached the server or after, still shows the edit.
  @Test(.timeLimit(.minutes(1))) func anEditLetsTheFeedsRunInFlightFinishAndShowsOnIt()
    async throws
  {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let online = ManualCondition(true)
    let model = PostsModel(configuration(server.baseURL, online: online))
    try await model.feed.fetch()
    let id = try #require(model.feedPosts.first?.id)
    online.set(false)
    let revalidation = Task { try await model.feed.refetch() }
    var states = model.feed.states.makeAsyncIterator()
    while await states.next()?.isPaused == false {}
    let draft = PostDraft(title: "Saved while revalidating", body: "b")
    let edit = Task { try await model.edit(id, draft: draft) }
    while let state = await states.next(),
      PostsModel.posts(in: state).first(where: { $0.id == id })?.title != draft.title
    {}
    #expect(model.feed.state.isPaused, "the revalidation still waits for the network")
    online.set(true)
    _ = try await revalidation.value
    _ = try await edit.value
    #expect(!model.feed.state.hasRunInFlight && model.feed.state.status == .success)
    #expect(model.feedPosts.first { $0.id == id }?.title == draft.title)
    try await model.feed.refetch()
    #expect(model.feedPosts.first { $0.id == id }?.title == draft.title)
    await server.shutdown()
  }
}

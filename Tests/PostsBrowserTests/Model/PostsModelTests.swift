import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherCore
import TetherDevtools
import TetherHTTP

@testable import PostsBrowser

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The model against the real embedded Posts service over loopback.
@Suite struct PostsModelTests {
  /// A model on a fresh embedded service, and the service. Its timeouts are guards against a
  /// hang (``TetherHTTP/HTTPTimeouts/loopbackGuard``): the library's 60 s run on real time, and
  /// a sanitized parallel run on two loaded cores kept sends waiting for a thread past them.
  static func makeModel(pageSize: Int = 10) throws -> (PostsModel, PostsServer) {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let model = PostsModel(
      PostsModel.Configuration(
        baseURL: server.baseURL, timeouts: .loopbackGuard, pageSize: pageSize, retries: 0,
        server: server, persistsWrites: true))
    return (model, server)
  }

  @Test func theFeedPagesThroughTheEmbeddedServiceNewestFirst() async throws {
    let (model, server) = try Self.makeModel(pageSize: 100)
    try await model.feed.fetch()
    while model.feed.state.hasNextPage { try await model.loadMore() }
    let posts = model.feedPosts
    #expect(posts.count == 251)
    #expect(posts.first?.id == 251)
    #expect(posts.map(\.id) == Array((1...251).reversed()))
    await server.shutdown()
  }

  @Test func aCreatedPostAppearsAtTheTopOfTheFeed() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    let created = try await model.create(PostDraft(title: "Made in a test", body: "Body"))
    #expect(created.id == 252)
    try await model.feed.fetch()
    #expect(model.feedPosts.first?.title == "Made in a test")
    #expect(model.feed.state.pages.last?.value.total == 252)
    await server.shutdown()
  }

  /// A failed creation retried from the devtools (`R`: the latest attempt again) shows its
  /// post in the feed as the original would have, without a manual refetch.
  @Test func aCreationRetriedFromTheDevtoolsShowsItsPost() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    try server.updateFaults {
      $0.failNext = 1
      $0.failNextRoutes = ["POST /posts/add"]
    }
    await #expect(throws: (any Error).self) {
      try await model.create(PostDraft(title: "Retried from the devtools", body: "Body"))
    }
    #expect(model.feed.state.pages.last?.value.total == 251)
    let (changes, changed) = AsyncStream.makeStream(of: Void.self)
    let listening = model.onFeedChange { changed.yield() }
    defer { listening.cancel() }
    // Told after the model's own subscriber (made by the first creation) has been.
    let (saved, save) = AsyncStream.makeStream(of: Void.self)
    let watching = model.addPost.subscribe { state in
      if state.latestAttempt?.status == .succeeded { save.yield() }
    }
    defer { watching.cancel() }
    let store: any InspectableStore = model.addPost
    try await store.retryLatestAttempt()
    var saves = saved.makeAsyncIterator()
    _ = await saves.next()
    let feed = model.feed
    // The retry's success refetches the feed, as the original creation would have (its
    // onSuccess invalidates the feed before the attempt shows as succeeded).
    var waits = changes.makeAsyncIterator()
    while feed.state.pages.last?.value.total != 252 || feed.state.isFetching {
      guard await waits.next() != nil else { break }
    }
    #expect(model.feed.state.pages.last?.value.total == 252)
    #expect(model.feedPosts.first?.title == "Retried from the devtools")
    let created = model.addPost.state.history.filter { $0.status == .succeeded }.count
    #expect(created == 1)
    await server.shutdown()
  }

  @Test func editsPersistAndDeletionsRemoveThePost() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    try await model.post(251).fetch()
    try await model.edit(251, draft: PostDraft(title: "Renamed", body: "New body"))
    #expect(model.post(251).state.currentValue?.title == "Renamed")
    #expect(model.feedPosts.first?.title == "Renamed")
    let refetched = try await model.post(251).fetch()
    #expect(refetched.body == "New body")

    try await model.delete(251)
    #expect(model.client.store(at: ["post", 251]) == nil)
    try await model.feed.fetch()
    #expect(model.feedPosts.first?.id == 250)
    await #expect(throws: OperationError<HTTPError>.self) { try await model.post(251).fetch() }
    await server.shutdown()
  }

  @Test func aRefusedEditRollsBackTheFeedAndThePost() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    try await model.post(251).fetch()
    let original = try #require(model.post(251).state.currentValue)
    try server.updateFaults { $0.failNext = 1 }
    await #expect(throws: OperationError<HTTPError>.self) {
      try await model.edit(251, draft: PostDraft(title: "Never saved", body: ""))
    }
    #expect(model.post(251).state.currentValue == original)
    #expect(model.feedPosts.first == original)
    await server.shutdown()
  }

  /// A refused delete puts the post back where it was, not at the top or the end.
  @Test func aRefusedDeleteRestoresThePostInItsPlace() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    let before = model.feedPosts.map(\.id)
    try server.updateFaults {
      $0.failNext = 1
      $0.failNextRoutes = ["DELETE /posts/248"]
    }
    await #expect(throws: OperationError<HTTPError>.self) { try await model.delete(248) }
    #expect(model.feedPosts.map(\.id) == before)
    #expect(model.feed.state.pages.last?.value.total == 251)
    await server.shutdown()
  }

  /// A post someone else deleted first (404) stays out of the feed, and the call says so.
  @Test func deletingAPostAlreadyGoneSaysSoAndKeepsItOut() async throws {
    let (model, server) = try Self.makeModel()
    try await model.feed.fetch()
    _ = try await model.operations.api.send(PostsAPI.deletePost(250))
    #expect(model.feedPosts.contains { $0.id == 250 }, "the feed read before it was deleted")
    #expect(try await model.delete(250) == .alreadyGone)
    #expect(!model.feedPosts.contains { $0.id == 250 })
    #expect(model.client.store(at: ["post", 250]) == nil)
    #expect(try await model.delete(249) == .deleted)
    await server.shutdown()
  }

  @Test func faultsCycleThroughTheirStepsOnTheServer() async throws {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let faults = FaultControl(target: ServerFaults(server: server))
    #expect(faults.target.side == .server)
    #expect([1, 2, 3, 4].map { _ in faults.cycleFailureRate() } == [0.25, 0.5, 1, 0])
    #expect(
      [1, 2, 3].map { _ in faults.cycleLatency() } == [
        .milliseconds(300), .milliseconds(1500), .zero,
      ])
    #expect(server.faults.failureRate == 0)
    try server.updateFaults { $0.failureRate = 0.3 }
    #expect(faults.cycleFailureRate() == 0.5)
    #expect(server.faults.failureRate == 0.5)
    await server.shutdown()
  }

  @Test func theFaultsDialogsPlanIsTheServersSettings() async throws {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let target = ServerFaults(server: server)
    var plan = FaultPlan(
      failureRate: 0.5, failureStatuses: [429], retryAfter: .seconds(2), failNext: 3,
      failNextRoutes: ["GET /posts/5$"], routes: ["/posts"], latency: .milliseconds(300),
      jitter: .milliseconds(100), truncatedRate: 0.1, dropRate: 0.05)
    try target.apply(plan)
    #expect(server.faults.truncatedRate == 0.1)
    #expect(server.faults.failNextRoutes == ["GET /posts/5$"])
    #expect(target.plan == plan)
    plan.failureRate = 2
    #expect(throws: FaultPlanError.self) { try target.apply(plan) }
    #expect(server.faults.failureRate == 0.5, "an invalid plan changes nothing")
    await server.shutdown()
  }

  @Test func withoutTheEmbeddedServiceFaultsAreTheClients() {
    let model = PostsModel(
      PostsModel.Configuration(
        baseURL: URL(string: "http://posts.test")!, transport: MockTransport(),
        persistsWrites: false, connectivity: ManualCondition(true)))
    #expect(model.faults.target.side == .client)
    model.faults.cycleFailureRate()
    #expect(model.clientFaults.plan.failureRate == 0.25)
  }

  @Test func requestActivityCountsInFlightAndKeepsTheLatest() {
    let activity = RequestActivity(capacity: 3)
    let request = URLRequest(url: URL(string: "http://posts.test/posts")!)
    activity.willSend(request)
    activity.willSend(request)
    #expect(activity.snapshot.inFlight == 2)
    let failures: [Int: HTTPError] = [30: .timedOut(after: .seconds(8)), 40: .cancelled]
    for milliseconds in [10, 20, 30, 40] {
      activity.didFinish(
        HTTPExchange(
          request: request, response: nil, failure: failures[milliseconds],
          duration: .milliseconds(milliseconds)))
    }
    let snapshot = activity.snapshot
    #expect(snapshot.inFlight == 0)
    #expect(
      snapshot.recent.map(\.duration) == [.milliseconds(20), .milliseconds(30), .milliseconds(40)])
    // A request the browser gave up is neither a success nor a failure of the server's.
    #expect(snapshot.recent.map(\.failed) == [false, true, false])
    #expect(snapshot.recent.map(\.cancelled) == [false, false, true])
    #expect(snapshot.total == 4 && snapshot.failures == 1)
    #expect(Sparkline(samples: snapshot.recent).segments.map(\.text) == ["▂", "×", "·"])
  }
}

import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

struct NewPost: Codable, Sendable, Equatable {
  var title: String
  var userId: Int
}

@Suite("Endpoints as operations, run by a store")
struct OperationBridgeTests {
  /// The operation clock: the store's retries and the client's garbage collector sleep on it
  /// (the collector keeps one sleeper parked minutes ahead while the client lives).
  let clock: TestClock
  let operations: OperationClient
  let transport = MockTransport()

  init() {
    clock = TestClock()
    operations = OperationClient(clock: clock, connectivity: ManualCondition(true))
  }

  /// The client's deadlines on a test clock of their own (never moved): real time never ends a
  /// send, and the operations' clock sees only the operations' sleepers.
  var api: APIClient {
    APIClient(
      baseURL: baseURL, clientError: .json(APIMessage.self), transport: transport,
      clock: TestClock())
  }

  @Test("a query sends its endpoint and the store keeps the value")
  func query() async throws {
    transport.respond(to: .get, "/v1/posts/1", with: try .json(Post(id: 1, title: "a", userId: 2)))
    let query = api.query(Endpoint<Post>(.get, "posts/1"))
    #expect(query.path == ["GET", "posts", "1"])
    let store = operations.store(for: query)
    #expect(try await store.fetch() == Post(id: 1, title: "a", userId: 2))
    #expect(store.state.currentValue?.title == "a")
    #expect(store.state.status == .success)
    #expect(api.query(Endpoint<Post>(.get, "posts/1"), path: ["post", 1]).path == ["post", 1])
  }

  @Test("a 404 is not retried and lands in the state with its client error")
  func notFoundIsFinal() async throws {
    transport.respond(
      to: .get, "/v1/posts/999",
      with: try .json(APIMessage(message: "Post with id '999' not found"), statusCode: 404))
    let store = operations.store(for: api.query(Endpoint<Post>(.get, "posts/999")))
    // The store throws the endpoint's own failure, typed: no casting.
    do {
      try await store.fetch()
      Issue.record("the fetch should have failed")
    } catch .failure(.unacceptableStatus(let failure)) {
      #expect(failure.statusCode == 404)
    } catch {
      Issue.record("expected a status failure, got \(error)")
    }
    guard case .unacceptableStatus(let failure) = store.state.error else {
      Issue.record("expected a status failure in the state")
      return
    }
    #expect(failure.clientError(as: APIMessage.self)?.message == "Post with id '999' not found")
    #expect(store.state.failureCount == 1)
    #expect(transport.requests.count == 1)
  }

  @Test("a decoding failure is not retried")
  func decodingIsFinal() async throws {
    transport.respond(to: .get, "/v1/posts/1", with: .text(#"{"id":"one"}"#))
    let store = operations.store(for: api.query(Endpoint<Post>(.get, "posts/1")))
    await #expect(throws: OperationError<HTTPError>.self) { try await store.fetch() }
    guard case .decodingFailed(let failure) = store.state.error else {
      Issue.record("expected a decoding failure in the state")
      return
    }
    #expect(failure.codingPath == "id")
    #expect(transport.requests.count == 1)
  }

  @Test("a 503 is retried with the client's backoff, on the operation clock")
  func serverErrorIsRetried() async throws {
    let calls = Recorder<Int>()
    transport.respond(to: .get, "/v1/posts/1") { _ in
      calls.append(1)
      return calls.elements.count < 3
        ? .text("busy", statusCode: 503) : try .json(Post(id: 1, title: "a", userId: 2))
    }
    let store = operations.store(for: api.query(Endpoint<Post>(.get, "posts/1")))
    let fetch = Task { try await store.fetch() }

    await clock.waitForSleepers(2)
    #expect(clock.nextDeadline == clock.now().adding(.seconds(1)))
    #expect(store.state.retryProgress?.failedAttempts == 1)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(2)
    #expect(clock.nextDeadline == clock.now().adding(.seconds(2)))
    clock.advance(by: .seconds(2))

    #expect(try await fetch.value.id == 1)
    #expect(transport.requests.count == 3)
  }

  @Test("a 429 waits exactly as long as Retry-After asks")
  func retryAfterIsHonoured() async throws {
    let calls = Recorder<Int>()
    transport.respond(to: .get, "/v1/posts") { _ in
      calls.append(1)
      return calls.elements.count == 1
        ? .text("slow down", statusCode: 429, headers: ["Retry-After": "7"])
        : try .json(postsPage())
    }
    let store = operations.store(for: api.query(Endpoint<PostsPage>(.get, "posts")))
    let fetch = Task { try await store.fetch() }

    await clock.waitForSleepers(2)
    #expect(clock.nextDeadline == clock.now().adding(.seconds(7)))
    clock.advance(by: .seconds(6))
    #expect(transport.requests.count == 1)
    clock.advance(by: .seconds(1))
    #expect(try await fetch.value == postsPage())
    #expect(transport.requests.count == 2)
  }

  @Test("a mutation sends the endpoint built from its arguments")
  func mutation() async throws {
    transport.respond(to: .post, "/v1/posts/add") { request in
      let draft = try JSONDecoder().decode(NewPost.self, from: request.httpBody ?? Data())
      return try .json(Post(id: 252, title: draft.title, userId: draft.userId), statusCode: 201)
    }
    let addPost = api.mutation(["posts", "add"]) { (draft: NewPost) in
      Endpoint<Post>(.post, "posts/add", body: .json(draft))
    }
    let store = operations.store(for: addPost)
    let created = try await store.mutate(with: NewPost(title: "Hello", userId: 5))
    #expect(created == Post(id: 252, title: "Hello", userId: 5))
    #expect(store.state.latestAttempt?.arguments == NewPost(title: "Hello", userId: 5))
    #expect(store.state.history.count == 1)
    #expect(
      transport.requests.first?.value(forHTTPHeaderField: "Content-Type") == "application/json")
  }

  @Test("a paginated query pages through dummyjson-style pages until the total")
  func paginated() async throws {
    transport.respond(to: .get, "/v1/posts") { request in
      let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
      let skip = Int(items.first { $0.name == "skip" }?.value ?? "0") ?? 0
      return try .json(postsPage(skip: skip, limit: 2, total: 5))
    }
    let feed = api.paginatedQuery(initialPageID: 0) { last, _ in
      last.id + last.value.limit < last.value.total ? last.id + last.value.limit : nil
    } endpoint: { skip in
      Endpoint<PostsPage>(
        .get, "posts",
        query: [
          URLQueryItem(name: "limit", value: "2"), URLQueryItem(name: "skip", value: "\(skip)"),
        ])
    }
    #expect(feed.path == ["GET", "posts", "limit=2", "skip=0"])
    let store = operations.store(for: feed)

    while try await store.fetchNextPage() != nil {}
    let state = store.state
    #expect(state.pages.map(\.id) == [0, 2, 4])
    #expect(state.pages.flatMap { $0.value.posts.map(\.id) } == [1, 2, 3, 4, 5])
    #expect(state.hasNextPage == false)
    #expect(
      transport.requests.map { $0.url?.query } == [
        "limit=2&skip=0", "limit=2&skip=2", "limit=2&skip=4",
      ])
  }

  @Test("cancelling a store's fetch cancels the request; nothing lands in the state")
  func cancellation() async throws {
    let requestClock = TestClock()
    let slowTransport = MockTransport(clock: requestClock)
    slowTransport.respond(to: .get, "/v1/posts/1", with: .text("{}", delay: .seconds(5)))
    let api = APIClient(baseURL: baseURL, transport: slowTransport, clock: TestClock())
    let store = operations.store(for: api.query(Endpoint<Post>(.get, "posts/1")))
    let fetch = Task { try await store.fetch() }
    await requestClock.waitForSleepers()
    fetch.cancel()
    await #expect { try await fetch.value } throws: {
      ($0 as? OperationError<HTTPError>)?.isCancellation == true
    }
    // The request's task was cancelled too: its delay ended without the clock moving.
    while requestClock.sleeperCount > 0 { await Task.yield() }
    #expect(store.state.error == nil)
    #expect(store.state.currentValue == nil)
  }

  @Test("an optimistic edit over HTTP shows at once and rolls back when the server refuses")
  func optimisticEditRollsBack() async throws {
    transport.respond(to: .get, "/v1/posts/1", with: try .json(Post(id: 1, title: "a", userId: 2)))
    transport.respond(
      to: .put, "/v1/posts/1",
      with: try .json(APIMessage(message: "Edit conflict"), statusCode: 409))
    let post = operations.store(
      for: api.query(Endpoint<Post>(.get, "posts/1"), path: ["post", 1]).stale(
        after: .seconds(60)))
    try await post.fetch()
    let putTitle = api.mutation(["post", "rename"]) { (title: String) in
      Endpoint<Post>(.put, "posts/1", body: .json(["title": title]))
    }
    let rename = putTitle.optimisticUpdate(
      of: Post.self, matching: { _ in ["post", 1] }, { post, title in post.title = title })
    let edit = operations.store(for: rename)
    do {
      try await edit.mutate(with: "b")
      Issue.record("the server refuses the edit")
    } catch .failure(.unacceptableStatus(let failure)) {
      #expect(failure.statusCode == 409)
      #expect(failure.clientError(as: APIMessage.self)?.message == "Edit conflict")
    } catch {
      Issue.record("expected the 409, got \(error)")
    }
    #expect(post.state.currentValue?.title == "a")
    #expect(post.state.isInvalidated)
    #expect(edit.state.failureCount == 1)
    #expect(post.runLog.map(\.event.description).suffix(2) == ["value set", "invalidated"])
  }
}

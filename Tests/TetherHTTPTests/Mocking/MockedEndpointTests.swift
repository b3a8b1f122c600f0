import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

@Suite("Mocked endpoints")
struct MockedEndpointTests {
  @Test("a mocked client answers an endpoint from its mock after the delay on the test clock")
  func delayOnTestClock() async throws {
    let clock = TestClock()
    let api = APIClient.mocked(clock: clock)
    let post = Endpoint<Post>(.get, "posts/1")
      .mocked(try .json(Post(id: 1, title: "Hi", userId: 5), delay: .seconds(2)))
    let task = Task { try await api.send(post) }

    await clock.waitForSleepers()
    clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    #expect(try await task.value == Post(id: 1, title: "Hi", userId: 5))
  }

  @Test("an endpoint without a mock fails clearly, naming the endpoint")
  func unmocked() async {
    let api = APIClient.mocked(clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await api.send(Endpoint<Post>(.get, "posts/2"))
    }
    #expect(
      error?.description
        == "The request is invalid: GET posts/2 has no mocked response, and this client answers mocked endpoints only."
    )
  }

  @Test("a responder sees the request the interceptors built, and statuses are checked as usual")
  func responderAndStatus() async throws {
    var configured = APIClient.mocked(baseURL: baseURL, clock: TestClock())
    configured.defaults.headers["Authorization"] = "Bearer t"
    let api = configured
    let seen = SanitizerVisibleMutex<[String]>([])
    let create = Endpoint<Post>(.post, "posts/add", body: .json(["title": "n"])).mocked { request in
      seen.withLock {
        $0.append(
          "\(request.url!.absoluteString) \(request.value(forHTTPHeaderField: "Authorization")!)")
      }
      return .text(#"{"message":"no"}"#, statusCode: 403)
    }
    let error = await #expect(throws: HTTPError.self) { try await api.send(create) }
    #expect(error?.statusCode == 403)
    #expect(seen.withLock { $0 } == ["https://api.example.com/v1/posts/add Bearer t"])
  }

  @Test("a mocked delay over the idle timeout times out on the clock; a transport failure is typed")
  func timeoutAndFailure() async throws {
    let clock = TestClock()
    var configured = APIClient.mocked(clock: clock)
    configured.defaults.timeouts.idle = .seconds(5)
    let api = configured
    let slow = Endpoint<Void>(.get, "slow").mocked(.text("", delay: .seconds(60)))
    let task = Task { try await api.send(slow) }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(5))
    guard case .timedOut = await task.result.httpError else {
      Issue.record("expected a timeout")
      return
    }
    let offline = Endpoint<Void>(.get, "x").mocked(.failure(URLError(.notConnectedToInternet)))
    let offlineError = await #expect(throws: HTTPError.self) { try await api.send(offline) }
    guard case .transportFailed(let failure) = offlineError else {
      Issue.record("expected a transport failure")
      return
    }
    #expect(failure.code == .notConnectedToInternet)
  }

  @Test("a mocked endpoint works as a query in a store, and a mapped endpoint keeps its mock")
  func asQuery() async throws {
    let clock = TestClock()
    let api = APIClient.mocked(clock: clock)
    let titles = Endpoint<Post>(.get, "posts/3")
      .mocked(try .json(Post(id: 3, title: "Three", userId: 1)))
      .map(\.title)
    let operations = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let store = operations.store(for: api.query(titles))
    #expect(try await store.fetch() == "Three")
  }
}

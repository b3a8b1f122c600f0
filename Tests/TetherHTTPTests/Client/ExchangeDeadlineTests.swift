import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport that answers by callback, as CurlTransport does, only when the test says so.
final class CallbackTransport: ExchangeTransport {
  private struct State {
    var exchanges: [TransportExchange] = []
    var abandoned = 0
  }

  private let state = SanitizerVisibleMutex(State())

  func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    try await sendThroughExchange(request, limits: limits)
  }

  func start(_ request: URLRequest, limits: TransportLimits, exchange: TransportExchange) {
    exchange.onAbandon { self.state.withLock { $0.abandoned += 1 } }
    state.withLock { $0.exchanges.append(exchange) }
  }

  var startedCount: Int { state.withLock { $0.exchanges.count } }
  var abandonedCount: Int { state.withLock { $0.abandoned } }

  /// Answers the latest request with `body` from a thread of its own.
  func answer(_ body: Data) {
    let exchange = state.withLock { $0.exchanges.last }
    let response = HTTPResponse(statusCode: 200, body: body)
    let thread = Thread { exchange?.finish(.success(response)) }
    thread.start()
  }
}

@Suite("APIClient's deadline over a callback transport")
struct ExchangeDeadlineTests {
  @Test("a request that is never answered ends as timedOut on time, and is abandoned")
  func neverAnswered() async throws {
    let clock = TestClock()
    let transport = CallbackTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: clock)
    let task = Task { try await client.send(Endpoint<Void>(.get, "stuck", timeout: .seconds(5))) }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(5)))
    clock.advance(by: .seconds(4))
    #expect(transport.abandonedCount == 0)
    clock.advance(by: .seconds(1))
    guard case .timedOut(let after) = await task.result.httpError else {
      Issue.record("expected a timeout")
      return
    }
    #expect(after == .seconds(5))
    #expect(transport.abandonedCount == 1)
  }

  @Test("cancelling the caller answers at once and abandons the request")
  func cancellation() async throws {
    let transport = CallbackTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let task = Task { try await client.send(Endpoint<Void>(.get, "stuck")) }
    while transport.startedCount == 0 { await Task.yield() }
    task.cancel()
    guard case .cancelled = await task.result.httpError else {
      Issue.record("expected a cancellation")
      return
    }
    #expect(transport.abandonedCount == 1)
  }

  @Test("an answer from the transport's thread is decoded; the timer is gone afterwards")
  func answered() async throws {
    let clock = TestClock()
    let transport = CallbackTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: clock)
    let task = Task { try await client.send(Endpoint<PostsPage>(.get, "posts")) }
    while transport.startedCount == 0 { await Task.yield() }
    transport.answer(json(postsPage()))
    #expect(try await task.value == postsPage())
    #expect(transport.abandonedCount == 0)
    while clock.sleeperCount > 0 { await Task.yield() }
  }

  @Test("an answer racing the deadline: exactly one of them ends each send")
  func answerRacingTheDeadline() async throws {
    for round in 0..<200 {
      let clock = TestClock()
      let transport = CallbackTransport()
      let client = APIClient(baseURL: baseURL, transport: transport, clock: clock)
      let task = Task {
        try await client.send(Endpoint<Post>(.get, "posts/1", timeout: .seconds(1)))
      }
      while transport.startedCount == 0 { await Task.yield() }
      await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
      transport.answer(json(Post(id: round, title: "t", userId: 1)))
      clock.advance(by: .seconds(1))
      switch await task.result {
      case .success(let post):
        #expect(post.id == round)
      case .failure(let error):
        guard case .timedOut = error as? HTTPError else {
          Issue.record("expected the post or a timeout, got \(error)")
          return
        }
        // Abandoned when the deadline came first, or passed while the answer was decoded.
        #expect(transport.abandonedCount <= 1)
      }
    }
  }

  @Test("a large body is parsed off the caller's thread and arrives whole")
  func largeBody() async throws {
    let transport = CallbackTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let page = postsPage(limit: 8_000, total: 8_000)
    let body = json(page)
    #expect(body.count > 256 << 10)
    let task = Task { try await client.send(Endpoint<PostsPage>(.get, "posts")) }
    while transport.startedCount == 0 { await Task.yield() }
    transport.answer(body)
    #expect(try await task.value == page)
  }
}

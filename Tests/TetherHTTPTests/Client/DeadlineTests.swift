import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport that ignores cancellation and answers only when the test lets it.
final class StuckTransport: HTTPTransport {
  private let waiters = SanitizerVisibleMutex<[CheckedContinuation<Void, Never>]>([])
  let calls = SanitizerVisibleMutex(0)

  func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    calls.withLock { $0 += 1 }
    await withCheckedContinuation { continuation in
      waiters.withLock { $0.append(continuation) }
    }
    return HTTPResponse(statusCode: 200, body: Data("{}".utf8))
  }

  /// Lets every stuck send return.
  func release() {
    for waiter in waiters.withLock({ waiters in
      defer { waiters = [] }
      return waiters
    }) { waiter.resume() }
  }

  var stuckCount: Int { waiters.withLock { $0.count } }
}

@Suite("APIClient's deadline")
struct DeadlineTests {
  @Test("a transport stuck past the deadline ends as timedOut on time")
  func stuckTransport() async throws {
    let clock = TestClock()
    let transport = StuckTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: clock)
    let task = Task { try await client.send(Endpoint<Void>(.get, "stuck", timeout: .seconds(5))) }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(5)))
    clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    guard case .timedOut(let after) = await task.result.httpError else {
      Issue.record("expected a timeout")
      return
    }
    #expect(after == .seconds(5))
    #expect(transport.stuckCount == 1)  // still stuck: the client did not wait for it
    transport.release()
  }

  @Test("one deadline covers interceptors, the transport and restarts")
  func coversThePipeline() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/v1/slow", with: .text("{}", delay: .seconds(3)))
    struct SlowInterceptor: HTTPInterceptor {
      func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
        -> RequestInterception
      {
        do {
          try await context.clock.sleep(for: .seconds(3))
        } catch {
          throw .cancelled
        }
        return .proceed(request)
      }
    }
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [SlowInterceptor()], clock: clock)
    let task = Task { try await client.send(Endpoint<Void>(.get, "slow", timeout: .seconds(5))) }
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(3))  // the interceptor is done; the transport starts its 3 s
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(2)))
    clock.advance(by: .seconds(2))  // 5 s in all
    guard case .timedOut(let after) = await task.result.httpError else {
      Issue.record("expected a timeout")
      return
    }
    #expect(after == .seconds(5))
  }

  @Test("cancelling the caller answers at once, even when the transport ignores it")
  func cancellationDoesNotWait() async throws {
    let transport = StuckTransport()
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let task = Task { try await client.send(Endpoint<Void>(.get, "stuck")) }
    while transport.calls.withLock({ $0 }) == 0 { await Task.yield() }
    task.cancel()
    guard case .cancelled = await task.result.httpError else {
      Issue.record("expected a cancellation")
      return
    }
    transport.release()
  }

  @Test("an answer before the deadline is returned and the timer is gone")
  func answerInTime() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/v1/posts/1", with: try .json(Post(id: 1, title: "a", userId: 1)))
    let client = APIClient(baseURL: baseURL, transport: transport, clock: clock)
    #expect(try await client.send(Endpoint<Post>(.get, "posts/1")).id == 1)
    while clock.sleeperCount > 0 { await Task.yield() }
  }

  @Test("against a silent server the total deadline ends the send, whatever the idle timeout")
  func silentServer() async throws {
    let server = try HostileServer(mode: .neverAnswer)
    defer { server.stop() }
    let client = server.client(
      CurlTransport(configuration: .init(proxies: .none)),
      timeouts: HTTPTimeouts(connect: .seconds(30), idle: .seconds(30), total: .seconds(1)))
    guard case .timedOut(let after) = await failure(of: client, Endpoint<Void>(.get, "posts"))
    else {
      Issue.record("expected a timeout")
      return
    }
    #expect(after == .seconds(1))
    // The transfer was aborted, not left running.
    #expect(await server.events.wait(for: .connectionClosed))
  }

  @Test("HTTPError is a TimeoutFailure, so .timeout(_:) applies to HTTP operations")
  func timeoutFailure() {
    func timedOut<Failure: TimeoutFailure>(_: Failure.Type) -> Failure {
      Failure.timedOut(after: .seconds(2))
    }
    guard case .timedOut(let after) = timedOut(HTTPError.self) else {
      Issue.record("expected HTTPError.timedOut")
      return
    }
    #expect(after == .seconds(2))
    let client = APIClient(baseURL: baseURL, transport: MockTransport())
    // Compiles only because HTTPError conforms: the modifier fails runs with HTTPError.
    let query = Query<Void, HTTPError>(["slow"]) { _ throws(HTTPError) in
      try await client.send(Endpoint<Void>(.get, "slow"))
    }.timeout(.seconds(2))
    #expect(query.path == ["slow"])
  }
}

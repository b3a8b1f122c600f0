import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("MockTransport")
struct MockTransportTests {
  @Test("answers after its delay on the test clock, without waiting in real time")
  func delay() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(
      to: .get, "/v1/posts/1",
      with: try .json(Post(id: 1, title: "a", userId: 1), delay: .seconds(3)))
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let task = Task { try await client.send(Endpoint<Post>(.get, "posts/1")) }

    await clock.waitForSleepers()
    clock.advance(by: .seconds(2))
    #expect(clock.sleeperCount == 1)  // still waiting
    clock.advance(by: .seconds(1))
    #expect(try await task.value.id == 1)
  }

  @Test("a delay longer than the request's timeout times out when the timeout passes")
  func timeout() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/v1/slow", with: .text("{}", delay: .seconds(90)))
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let task = Task { try await client.send(Endpoint<Void>(.get, "slow", timeout: .seconds(10))) }

    await clock.waitForSleepers()
    #expect(clock.nextDeadline == clock.now().adding(.seconds(10)))
    clock.advance(by: .seconds(10))
    let result = await task.result
    if case .timedOut(let after) = result.httpError {
      #expect(after == .seconds(10))
    } else {
      Issue.record("expected a timeout, got \(result)")
    }
  }

  @Test("cancelling the task ends the delay with a cancellation")
  func cancellation() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/v1/slow", with: .text("{}", delay: .seconds(5)))
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let task = Task { try await client.send(Endpoint<Void>(.get, "slow")) }
    await clock.waitForSleepers()
    task.cancel()
    let result = await task.result
    guard case .cancelled = result.httpError else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
  }

  @Test("records requests and answers unknown routes with a 404 that names them")
  func recordsAndMisses() async throws {
    let transport = MockTransport()
    transport.respond(
      to: .post, "v1/posts/add", with: .text(#"{"id":7,"title":"n","userId":1}"#, statusCode: 201))
    let client = APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
    let created = try await client.send(
      Endpoint<Post>(.post, "posts/add", body: .json(["title": "n"])))
    #expect(created.id == 7)

    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "posts/add"))
    }
    #expect(
      error?.description
        == "The server answered 404 Not Found: MockTransport: no response for GET /v1/posts/add")
    #expect(
      transport.requests.map { "\($0.httpMethod!) \($0.url!.path)" } == [
        "POST /v1/posts/add", "GET /v1/posts/add",
      ])
    #expect(transport.requests.first?.httpBody == Data(#"{"title":"n"}"#.utf8))
  }
}

import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Counts requests in flight and records finished exchanges, as a metrics view would.
private final class Metrics: HTTPObserver {
  struct Finished: Equatable {
    var path: String
    var status: Int?
    var failed: Bool
    var duration: Duration
  }

  let inFlight = SanitizerVisibleMutex(0)
  let finished = Recorder<Finished>()
  let inFlightSeen = Recorder<Int>()

  func willSend(_ request: URLRequest) {
    inFlightSeen.append(
      inFlight.withLock {
        $0 += 1
        return $0
      })
  }

  func didFinish(_ exchange: HTTPExchange) {
    inFlight.withLock { $0 -= 1 }
    finished.append(
      Finished(
        path: exchange.request.url?.path ?? "", status: exchange.response?.statusCode,
        failed: exchange.failure != nil, duration: exchange.duration))
  }
}

@Suite("Observers")
struct ObserverTests {
  @Test("observers see each exchange with its duration on the client's clock")
  func durations() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/v1/slow", with: .text("{}", delay: .seconds(2)))
    transport.respond(
      to: .get, "/v1/missing", with: .text("", statusCode: 404, delay: .milliseconds(500)))
    let metrics = Metrics()
    let client = APIClient(
      baseURL: baseURL, transport: transport, observers: [metrics], clock: clock)

    let slow = Task { try await client.send(Endpoint<Void>(.get, "slow")) }
    let missing = Task { try await client.send(Endpoint<Void>(.get, "missing")) }
    await clock.waitForSleepers(2)
    #expect(metrics.inFlight.withLock { $0 } == 2)
    clock.advance(by: .milliseconds(500))
    _ = await missing.result
    clock.advance(by: .milliseconds(1500))
    try await slow.value

    #expect(metrics.inFlight.withLock { $0 } == 0)
    #expect(metrics.inFlightSeen.elements.sorted() == [1, 2])
    #expect(
      metrics.finished.elements == [
        .init(path: "/v1/missing", status: 404, failed: true, duration: .milliseconds(500)),
        .init(path: "/v1/slow", status: 200, failed: false, duration: .seconds(2)),
      ])
  }

  @Test("a transport failure is an exchange without a response")
  func failure() async throws {
    let transport = MockTransport()
    transport.respond(to: .get, "/v1/down", with: .failure(URLError(.cannotConnectToHost)))
    let metrics = Metrics()
    let client = APIClient(
      baseURL: baseURL, transport: transport, observers: [metrics], clock: TestClock())
    _ = try? await client.send(Endpoint<Void>(.get, "down"))
    let finished = try #require(metrics.finished.elements.first)
    #expect(finished.status == nil)
    #expect(finished.failed)
  }
}

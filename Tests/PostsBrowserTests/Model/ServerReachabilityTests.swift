import Foundation
import Testing
import TetherCore
import TetherHTTP
import TetherSynchronization

@testable import PostsBrowser

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The `--url` server's reachability on the test clock: lost on a failed connection, asked
/// again every probe interval, back on any answer.
@Suite struct ServerReachabilityTests {
  let clock = TestClock()
  let request = URLRequest(url: URL(string: "http://127.0.0.1:1/posts")!)

  func refused() -> HTTPExchange {
    HTTPExchange(
      request: request, response: nil,
      failure: .transportFailed(URLError(.cannotConnectToHost)), duration: .zero)
  }

  func answered(_ status: Int) -> HTTPExchange {
    HTTPExchange(
      request: request,
      response: HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil),
      failure: nil, duration: .zero)
  }

  @Test func aRefusedConnectionPausesUntilAProbeGetsAnAnswer() async {
    let reachability = ServerReachability(clock: clock, probeInterval: .seconds(3))
    let probes = SanitizerVisibleMutex(0)
    let serverIsUp = SanitizerVisibleMutex(false)
    reachability.probe {
      probes.withLock { $0 += 1 }
      reachability.didFinish(serverIsUp.withLock { $0 } ? answered(200) : refused())
    }
    let changes = AsyncStream<Bool>.makeStream()
    let subscription = reachability.subscribe(in: OperationContext()) {
      changes.continuation.yield($0)
    }
    var heard = changes.stream.makeAsyncIterator()

    reachability.didFinish(refused())
    let lost = await heard.next()
    #expect(!reachability.isReachable && lost == false)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(3))
    await clock.waitForSleepers(1)  // the first probe was refused: the next one waits
    #expect(probes.withLock { $0 } == 1 && !reachability.isReachable)

    serverIsUp.withLock { $0 = true }
    clock.advance(by: .seconds(3))
    let back = await heard.next()
    #expect(back == true)
    #expect(reachability.isReachable && probes.withLock { $0 } == 2)
    subscription.cancel()
  }

  @Test func anAnswerOfAnyStatusMeansTheServerIsThere() {
    let reachability = ServerReachability(clock: clock)
    reachability.didFinish(refused())
    reachability.didFinish(answered(503))
    #expect(reachability.isReachable)
    // A timeout or a lost connection is one request going wrong, not the server gone.
    reachability.didFinish(
      HTTPExchange(
        request: request, response: nil, failure: .transportFailed(URLError(.timedOut)),
        duration: .zero))
    #expect(reachability.isReachable)
  }
}

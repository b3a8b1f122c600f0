import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherHTTP
import TetherTerminal

@testable import PostsBrowser

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `--url` server that stops answering is asked again by commands of the event loop — a
/// timer on the loop's clock, the probe, the next timer — until it answers; then the chain
/// stops and the paused feed loads.
@Suite struct ServerProbeTests {
  let clock = TestClock()

  @Test func aLostServerIsAskedAgainOnTheLoopsClockUntilItAnswers() async throws {
    let backend = FakePostsBackend(clock: clock, count: 25)
    backend.override("/posts", with: .failure(URLError(.cannotConnectToHost)))
    let reachability = ServerReachability(probeInterval: .seconds(3))
    let client = OperationClient(
      clock: clock, connectivity: reachability, focus: ManualCondition(true))
    let model = PostsModel(
      PostsModel.Configuration(
        baseURL: URL(string: "http://posts.test")!, transport: backend.transport, clock: clock,
        persistsWrites: true),
      client: client, reachability: reachability, cache: nil)
    let app = PostsBrowserApp(model: model)
    let screen = VirtualScreen(size: Size(width: 100, height: 30))
    let loop = try EventLoop(app: app, screen: screen, input: ScriptedInput(), clock: clock)
    let waker = loop.waker
    app.connect { waker.wake() }
    func probes() -> Int {
      backend.transport.requests.filter { request in
        let query = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        return query?.queryItems?.contains(URLQueryItem(name: "limit", value: "1")) == true
      }.count
    }
    func waitUntil(_ what: String, _ condition: () -> Bool) async {
      // A guard against a hang, not a measure: the probes are commands, run by the pool.
      let hangGuard = HangGuard()
      loop.runUntilIdle()
      while !condition() {
        guard !hangGuard.hasRunOut else {
          Issue.record("gave up waiting for \(what); the screen:\n\(screen.text)")
          return
        }
        _ = await loop.waitForWork(orGiveUpAfter: .milliseconds(50))
        loop.runUntilIdle()
      }
    }

    await waitUntil("the server lost") { !reachability.isReachable && app.isProbingServer }
    #expect(probes() == 0, "the first probe waits its interval")
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(3)))
    clock.advance(by: .seconds(3))
    await waitUntil("a probe") { probes() == 1 }
    // Refused again: the next one waits its interval on the loop's clock, nothing sooner.
    await waitUntil("the next timer") { app.isProbingServer }
    clock.advance(by: .seconds(2))
    loop.runUntilIdle()
    #expect(probes() == 1 && !reachability.isReachable)

    backend.override("/posts", with: nil)
    clock.advance(by: .seconds(1))
    await waitUntil("the server found") { reachability.isReachable && !app.isProbingServer }
    #expect(probes() == 2)
    await waitUntil("the feed loaded after the pause") { screen.find("Post 25") != nil }
    clock.advance(by: .seconds(30))
    loop.runUntilIdle()
    #expect(probes() == 2, "no probe once the server answers")
  }

  @Test func aServerLostAgainWhileAProbeIsOutStartsNoSecondChain() async throws {
    let backend = FakePostsBackend(clock: clock, count: 5)
    let reachability = ServerReachability(probeInterval: .seconds(3))
    let model = PostsModel(
      PostsModel.Configuration(
        baseURL: URL(string: "http://posts.test")!, transport: backend.transport, clock: clock,
        persistsWrites: true),
      client: OperationClient(clock: clock, connectivity: reachability),
      reachability: reachability, cache: nil)
    let app = PostsBrowserApp(model: model)
    let refused = HTTPExchange(
      request: URLRequest(url: URL(string: "http://posts.test/posts")!), response: nil,
      failure: .transportFailed(URLError(.cannotConnectToHost)), duration: .zero)
    reachability.didFinish(refused)
    let now = clock.now()
    #expect(app.receive(.serverLost, now: now).map(\.name) == ["probe the server in 3.0 seconds"])
    #expect(app.receive(.serverLost, now: now).isEmpty, "one chain at a time")
    #expect(app.receive(.probeDue, now: now).map(\.name) == ["probe the server"])
    #expect(app.receive(.probed, now: now).map(\.name) == ["probe the server in 3.0 seconds"])
    reachability.didFinish(
      HTTPExchange(
        request: refused.request,
        response: HTTPURLResponse(
          url: refused.request.url!, statusCode: 503, httpVersion: nil, headerFields: nil),
        failure: nil, duration: .zero))
    #expect(app.receive(.probeDue, now: now).isEmpty && !app.isProbingServer)
  }
}

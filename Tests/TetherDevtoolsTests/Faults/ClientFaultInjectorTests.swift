import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherTerminal

@Suite struct ClientFaultInjectorTests {
  @Test func a429WithRetryAfterMakesTheRetryWaitThatLong() async throws {
    let harness = try DevtoolsHarness()
    harness.serve("items/1")
    try harness.faults.apply(
      FaultPlan(failureRate: 1, failureStatuses: [429], retryAfter: .seconds(2)))
    let store = harness.httpQuery(["item", 1], route: "items/1")
    let fetch = Task { try await store.fetch() }
    await harness.waitUntil("a retry") { _ in store.state.retryProgress != nil }
    let retry = try #require(store.state.retryProgress)
    #expect(
      retry.nextAttemptDate == harness.clock.now().adding(.seconds(2)),
      "Retry-After, not the backoff")
    #expect(retry.lastFailure.statusCode == 429)
    let record = try #require(harness.network.records.first)
    #expect(record.status == 429 && record.injectedFault == "client: 429")
    #expect(record.responseHeaders.contains { $0.name == "Retry-After" && $0.value == "2" })
    try harness.faults.apply(.none)
    await harness.release(after: .seconds(2))
    #expect(try await fetch.value == Item(id: 1, name: "one"))
    #expect(harness.transport.requests.count == 1, "only the last attempt reached the server")
  }

  @Test func failsTheNextRequestsOfMatchingRoutesThenLetsThemThrough() async throws {
    let harness = try DevtoolsHarness(retries: 0)
    harness.serve("items/1")
    harness.serve("users/1")
    try harness.faults.apply(
      FaultPlan(failureStatuses: [500], failNext: 2, failNextRoutes: ["GET /items/*"]))
    let items = harness.httpQuery(["item", 1], route: "items/1")
    let users = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "users/1"), path: ["user", 1]))
    _ = try? await users.fetch()
    #expect(users.state.status == .success, "another route goes through")
    _ = try? await items.fetch()
    _ = try? await items.refetch()
    #expect(items.state.error?.statusCode == 500)
    #expect(harness.faults.plan.failNext == 0, "counted down")
    _ = try? await items.refetch()
    #expect(items.state.status == .success)
  }

  @Test func addsLatencyOnTheClientsClock() async throws {
    let harness = try DevtoolsHarness()
    harness.serve("items/1")
    try harness.faults.apply(FaultPlan(routes: ["/items"], latency: .milliseconds(300)))
    let store = harness.httpQuery(["item", 1], route: "items/1")
    let fetch = Task { try await store.fetch() }
    await harness.release(after: .milliseconds(300))
    _ = try await fetch.value
    let duration = try #require(harness.network.records.first?.duration)
    #expect(abs(duration.timeInterval - 0.3) < 0.001, "\(duration)")
  }

  @Test func dropsConnectionsAndTruncatesJSON() async throws {
    let harness = try DevtoolsHarness(retries: 0)
    harness.serve("items/1")
    let store = harness.httpQuery(["item", 1], route: "items/1")
    try harness.faults.apply(FaultPlan(dropRate: 1))
    _ = try? await store.fetch()
    guard case .transportFailed(let error) = store.state.error else {
      Issue.record("not a transport failure: \(String(describing: store.state.error))")
      return
    }
    #expect(error.code == .networkConnectionLost)
    try harness.faults.apply(FaultPlan(truncatedRate: 1))
    _ = try? await store.refetch()
    guard case .decodingFailed = store.state.error else {
      Issue.record("not a decoding failure: \(String(describing: store.state.error))")
      return
    }
    #expect(harness.network.records.last?.injectedFault == "client: truncated")
  }

  @Test func refusesAPlanOutOfRange() {
    let faults = ClientFaultInjector()
    #expect(throws: FaultPlanError.self) { try faults.apply(FaultPlan(failureRate: 2)) }
    #expect(throws: FaultPlanError.self) { try faults.apply(FaultPlan(failureStatuses: [200])) }
    #expect(throws: FaultPlanError.self) { try faults.apply(FaultPlan(routes: ["posts"])) }
    #expect(faults.plan == .none)
  }
}

@Suite struct FaultPlanTests {
  @Test func namesEveryActiveFault() {
    let plan = FaultPlan(
      failureRate: 1, failureStatuses: [429], retryAfter: .seconds(2), failNext: 3,
      failNextRoutes: ["GET /posts/5$"], routes: ["/posts"], latency: .milliseconds(300),
      jitter: .milliseconds(100), truncatedRate: 0.1, dropRate: 0.05)
    #expect(
      plan.summary == [
        "fail 100% 429 Retry-After 2 s", "fail next 3 of GET /posts/5$ 429 Retry-After 2 s",
        "latency 300 ms ±100 ms", "truncated 10%", "drop 5%", "only /posts",
      ])
    #expect(FaultPlan.none.summary.isEmpty && !FaultPlan.none.isActive)
  }

  @Test func matchesRoutesSegmentBySegment() {
    #expect(RouteMatcher("/posts")!.matches(method: "GET", path: "/posts/5/comments"))
    #expect(
      RouteMatcher("GET /posts/*/comments")!.matches(method: "get", path: "/posts/5/comments"))
    #expect(!RouteMatcher("POST /posts")!.matches(method: "GET", path: "/posts"))
    #expect(RouteMatcher("/posts/5$")!.matches(method: "GET", path: "/posts/5"))
    #expect(!RouteMatcher("/posts/5$")!.matches(method: "GET", path: "/posts/5/comments"))
    #expect(RouteMatcher("posts") == nil && RouteMatcher("GET /x y") == nil)
    #expect(RouteMatcher("get /x") == RouteMatcher("GET /x"))
    #expect(RouteMatcher("GET /posts")!.matches(method: "HEAD", path: "/posts/5"))
    #expect(!RouteMatcher("HEAD /posts")!.matches(method: "GET", path: "/posts/5"))
  }
}

/// A fault target that records what the dialog applies.
final class RecordingFaults: FaultTarget, @unchecked Sendable {
  var applied: [FaultPlan] = []
  var plan = FaultPlan.none
  let side = FaultSide.server

  func apply(_ plan: FaultPlan) throws {
    applied.append(plan)
    self.plan = plan
  }
}

@Suite struct FaultsDialogTests {
  @Test func appliesEveryChangeLive() throws {
    let target = RecordingFaults()
    var state = FaultsDialogState(target: target)
    func press(_ keys: Key...) {
      for key in keys { _ = state.handle(.key(key), target: target, stores: nil) }
    }
    press(.right, .right, .right, .right, .right)
    #expect(target.plan.failureRate == 1, "0 → 10 → 25 → 50 → 75 → 100%")
    press(.down, .right, .right, .right)
    #expect(target.plan.failureStatuses == [429])
    press(.down, .right, .right)
    #expect(target.plan.retryAfter == .seconds(2))
    press(.down, "3")
    #expect(target.plan.failNext == 3)
    press(.down)
    for character in "GET /posts/5$" { press(Key(.character(character))) }
    press(.enter)
    #expect(target.plan.failNextRoutes == ["GET /posts/5$"])
    press(.down)
    for character in "posts" { press(Key(.character(character))) }
    press(.down)
    #expect(state.error?.contains("not a route") == true, "\(String(describing: state.error))")
    #expect(target.plan.routes.isEmpty, "an invalid plan is not applied")
    press(.up, .ctrl("u"))
    for character in "/posts" { press(Key(.character(character))) }
    press(.down, .right, .right)
    #expect(target.plan.routes == ["/posts"] && target.plan.latency == .milliseconds(300))
    #expect(state.error == nil)
    let close = state.handle(.key(.escape), target: target, stores: nil)
    #expect(close == .close)
  }

  @Test func clearsEverything() {
    let target = RecordingFaults()
    target.plan = FaultPlan(failureRate: 0.5, latency: .seconds(1))
    var state = FaultsDialogState(target: target)
    for _ in 0..<10 { _ = state.handle(.key(.down), target: target, stores: nil) }
    _ = state.handle(.key(.enter), target: target, stores: nil)
    #expect(target.plan == .none)
  }

  @Test func opensOnItsTargetAndNamesTheSide() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 100, height: 30))
    harness.app.inspector.openFaults(harness.devtools, now: harness.clock.now())
    harness.input.send(.resize(harness.screen.size))
    harness.loop.runUntilIdle()
    #expect(harness.screen.find("Faults · injected by the client") != nil, "\(harness.text)")
    #expect(harness.app.inspector.isModal)
    harness.press(.right)
    #expect(harness.faults.plan.failureRate == 0.1)
    #expect(harness.screen.find("‹ 10% ›") != nil)
    harness.press(.escape)
    #expect(!harness.app.inspector.isModal)
  }
}

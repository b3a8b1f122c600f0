import Testing
import TetherDiagnostics

@testable import PostsService

@Suite("Fault decisions")
struct FaultInjectorTests {
  private func outcomes(
    _ plan: FaultPlan, seed: UInt64 = 7, count: Int = 1000, path: [String] = ["posts"]
  ) -> [FaultInjector.Decision] {
    var injector = FaultInjector(plan: plan, seed: seed)
    return (0..<count).map { _ in injector.decide(method: "GET", pathSegments: path) }
  }

  @Test(arguments: [0.1, 0.3, 0.5, 0.9])
  func failureRateLandsWithinFivePercent(rate: Double) {
    let decisions = outcomes(FaultPlan(failureRate: rate))
    let failures = decisions.filter(\.outcome.isFailure)
    #expect(abs(Double(failures.count) / 1000 - rate) <= 0.05)
    let statuses = Set(
      failures.compactMap { if case .fail(let status, _) = $0.outcome { status } else { nil } })
    #expect(statuses == [500, 503])
  }

  @Test func dropAndMalformedRatesLandWithinFivePercent() {
    let decisions = outcomes(FaultPlan(truncatedRate: 0.2, dropRate: 0.3))
    let drops = decisions.filter { $0.outcome == .dropConnection }.count
    let malformed = decisions.filter { $0.outcome == .malformBody }.count
    #expect(abs(Double(drops) / 1000 - 0.3) <= 0.05)
    // Malformed bodies are drawn among the requests that were not dropped.
    #expect(abs(Double(malformed) / Double(1000 - drops) - 0.2) <= 0.05)
  }

  @Test func theSameSeedGivesTheSameDecisions() {
    let plan = FaultPlan(failureRate: 0.3, jitter: .milliseconds(100), dropRate: 0.1)
    #expect(outcomes(plan, seed: 42) == outcomes(plan, seed: 42))
    #expect(outcomes(plan, seed: 42) != outcomes(plan, seed: 43))
  }

  @Test func failureDrawsDoNotDependOnOtherRates() {
    func failed(_ decisions: [FaultInjector.Decision]) -> [Int] {
      decisions.indices.filter { decisions[$0].outcome.isFailure }
    }
    let plain = outcomes(FaultPlan(failureRate: 0.3))
    let withOthers = outcomes(
      FaultPlan(failureRate: 0.3, latency: .milliseconds(5), truncatedRate: 0.5))
    #expect(failed(plain) == failed(withOthers))
  }

  @Test func latencyIsFixedPlusJitterWithinBounds() {
    let decisions = outcomes(FaultPlan(latency: .milliseconds(200), jitter: .milliseconds(50)))
    #expect(
      decisions.allSatisfy { $0.delay >= .milliseconds(200) && $0.delay <= .milliseconds(250) })
    #expect(Set(decisions.map(\.delay)).count > 100)
    #expect(decisions.allSatisfy { $0.outcome == .handle })
  }

  @Test func failNextFailsExactlyThatManyThenCountsDown() {
    var injector = FaultInjector(plan: FaultPlan(failNext: 3), seed: 1)
    let results = (0..<5).map { _ in injector.decide(method: "GET", pathSegments: ["posts"]).outcome
    }
    #expect(results.prefix(3).allSatisfy { $0.isFailure })
    #expect(results.suffix(2) == [.handle, .handle])
    #expect(injector.plan.failNext == 0)
  }

  @Test func onlyTheNamedRoutesAreAffected() {
    var injector = FaultInjector(
      plan: FaultPlan(failureRate: 1, routes: ["/posts/*/comments", "POST /posts/add"]),
      seed: 1)
    func fails(_ method: String, _ path: [String]) -> Bool {
      injector.decide(method: method, pathSegments: path).outcome != .handle
    }
    #expect(fails("GET", ["posts", "3", "comments"]))
    #expect(fails("POST", ["posts", "add"]))
    #expect(!fails("GET", ["posts", "add"]))
    #expect(!fails("GET", ["posts", "3"]))
    #expect(!fails("GET", ["users", "3"]))
  }

  @Test func failuresUseTheChosenStatusesAndRetryAfter() {
    let rateLimited = outcomes(
      FaultPlan(failureRate: 1, failureStatuses: [429], retryAfter: .milliseconds(1500)),
      count: 20)
    #expect(rateLimited.allSatisfy { $0.outcome == .fail(status: 429, retryAfter: 2) })
    let plain = outcomes(FaultPlan(failureRate: 1, failureStatuses: [500]), count: 20)
    #expect(plain.allSatisfy { $0.outcome == .fail(status: 500, retryAfter: nil) })
    // Retry-After only goes with 429 and 503.
    let mixed = outcomes(
      FaultPlan(failureRate: 1, failureStatuses: [500, 503], retryAfter: .seconds(3)))
    #expect(
      Set(mixed.map(\.outcome)) == [
        .fail(status: 500, retryAfter: nil), .fail(status: 503, retryAfter: 3),
      ])
  }

  @Test func failNextCanCountOneRouteOnly() {
    var injector = FaultInjector(
      plan: FaultPlan(failNext: 2, failNextRoutes: ["GET /posts/5$"], routes: ["/users"]),
      seed: 1)
    func outcome(_ path: [String]) -> FaultInjector.Decision.Outcome {
      injector.decide(method: "GET", pathSegments: path).outcome
    }
    #expect(outcome(["posts", "5", "comments"]) == .handle)
    #expect(outcome(["posts", "6"]) == .handle)
    #expect(outcome(["users", "1"]) == .handle)
    #expect(outcome(["posts", "5"]).isFailure)
    #expect(injector.plan.failNext == 1)
    #expect(outcome(["posts", "5"]).isFailure)
    #expect(outcome(["posts", "5"]) == .handle)
  }

  @Test func routePatternsMatchPrefixesSegmentsMethodsAndWholePaths() throws {
    let pattern = try #require(RouteMatcher("GET /posts/*/comments"))
    #expect(pattern.matches(method: "GET", segments: ["posts", "3", "comments"]))
    #expect(pattern.matches(method: "HEAD", segments: ["posts", "3", "comments"]))
    #expect(!pattern.matches(method: "POST", segments: ["posts", "3", "comments"]))
    #expect(!pattern.matches(method: "GET", segments: ["posts", "3"]))
    let whole = try #require(RouteMatcher("/posts/5$"))
    #expect(whole.matches(method: "PUT", segments: ["posts", "5"]))
    #expect(!whole.matches(method: "GET", segments: ["posts", "5", "comments"]))
    #expect(RouteMatcher("get /posts") == RouteMatcher("GET /posts"))
    #expect(RouteMatcher("posts") == nil && RouteMatcher("GET /posts extra") == nil)
    // A decoded segment may hold a slash: it is still one segment.
    #expect(!whole.matches(method: "GET", segments: ["posts", "5/6"]))
  }

  @Test func theControlRouteIsNeverAffected() {
    #expect(
      outcomes(FaultPlan(failureRate: 1, latency: .seconds(1)), count: 10, path: ["_faults"])
        .allSatisfy { $0 == FaultInjector.Decision() })
  }

  @Test func validationNamesTheBadValue() {
    #expect(throws: FaultPlanError.self) { try FaultPlan(failureRate: 1.5).validateForService() }
    #expect(throws: FaultPlanError.self) {
      try FaultPlan(latency: .milliseconds(-1)).validateForService()
    }
    #expect(throws: FaultPlanError.self) { try FaultPlan(failNext: -1).validateForService() }
    #expect(throws: FaultPlanError.self) { try FaultPlan(routes: ["posts"]).validateForService() }
    #expect(throws: FaultPlanError.self) {
      try FaultPlan(failNextRoutes: ["posts"]).validateForService()
    }
    #expect(throws: FaultPlanError.self) { try FaultPlan(failureStatuses: []).validateForService() }
    #expect(throws: FaultPlanError.self) {
      try FaultPlan(failureStatuses: [200]).validateForService()
    }
    #expect(throws: FaultPlanError.self) {
      try FaultPlan(retryAfter: .seconds(-1)).validateForService()
    }
    let jitter = #expect(throws: FaultPlanError.self) {
      try FaultPlan(jitter: .seconds(61)).validateForService()
    }
    #expect(jitter?.description == "the jitter must be between 0 and 60 s")
    let retryAfter = #expect(throws: FaultPlanError.self) {
      try FaultPlan(retryAfter: .seconds(3601)).validateForService()
    }
    #expect(retryAfter?.description == "Retry-After must be between 0 and 1 hour")
    #expect(throws: Never.self) {
      try FaultPlan(routes: ["/posts", "GET /users/*"]).validateForService()
    }
  }
}

extension FaultInjector.Decision.Outcome {
  fileprivate var isFailure: Bool {
    if case .fail = self { true } else { false }
  }
}

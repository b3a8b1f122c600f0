import Testing

@testable import TetherCore

@Suite struct BackoffTests {
  @Test func exponentialDoublesFromOneSecondAndCapsAtThirty() {
    let delays = (1...7).map { Backoff.default.delay(beforeRetry: $0) }
    #expect(delays == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
  }

  @Test func constantLinearAndCustom() {
    #expect(Backoff.constant(.milliseconds(250)).delay(beforeRetry: 5) == .milliseconds(250))
    let linear = Backoff.linear(initial: .seconds(1), step: .seconds(2), cap: .seconds(6))
    #expect((1...5).map { linear.delay(beforeRetry: $0) } == [1, 3, 5, 6, 6].map { .seconds($0) })
    #expect(Backoff.custom { .seconds($0 * 10) }.delay(beforeRetry: 3) == .seconds(30))
    #expect(Backoff.none.delay(beforeRetry: 1) == .zero)
  }

  @Test(arguments: [0.0, 0.25, 0.5, 0.999])
  func jitterScalesSubSecondDelaysToo(random: Double) {
    let backoff = Backoff.constant(.milliseconds(200)).jittered(by: 0.5) { random }
    let delay = backoff.delay(beforeRetry: 1).timeInterval
    #expect(abs(delay - 0.2 * (0.5 + random)) < 1e-9)
    #expect(delay > 0)
  }

  @Test func jitterStaysWithinItsFraction() {
    let backoff = Backoff.exponential(base: .milliseconds(10)).jittered(by: 0.2)
    for retry in 1...10 {
      let base = Backoff.exponential(base: .milliseconds(10)).delay(beforeRetry: retry).timeInterval
      let delay = backoff.delay(beforeRetry: retry).timeInterval
      #expect(delay >= base * 0.8 - 1e-12 && delay <= base * 1.2 + 1e-12)
    }
  }
}

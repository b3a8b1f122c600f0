import Foundation
import Testing

@testable import TetherTime

@Suite struct TestClockTests {
  @Test func sleepersResumeWhenTimeReachesTheirDeadline() async throws {
    let clock = TestClock()
    let start = clock.now()
    let task = Task {
      try await clock.sleep(for: .seconds(2))
    }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await task.value
    #expect(clock.now() == start.adding(.seconds(2)))
  }

  @Test func pastDeadlinesReturnAtOnce() async throws {
    let clock = TestClock()
    try await clock.sleep(until: clock.now())
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleeperThrows() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceToNextDeadlineResumesTheEarliest() async throws {
    let clock = TestClock()
    let late = Task { try await clock.sleep(for: .seconds(10)) }
    let early = Task { try await clock.sleep(for: .seconds(3)) }
    await clock.waitForSleepers(2)
    #expect(clock.nextDeadline == clock.now().adding(.seconds(3)))
    await clock.advanceToNextDeadline()
    try await early.value
    #expect(clock.sleeperCount == 1)
    late.cancel()
  }
}

import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("DeadlineScheduler")
struct DeadlineSchedulerTests {
  @Test("one sleeper for every pending deadline; each fires once when its time comes")
  func firesInOrder() async throws {
    let clock = TestClock()
    let scheduler = DeadlineScheduler(clock: clock)
    let fired = Recorder<Int>()
    let start = clock.now()
    for seconds in [5, 3, 9, 3] {
      _ = scheduler.schedule(at: start.adding(.seconds(seconds))) { fired.append(seconds) }
    }
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == start.adding(.seconds(3)))
    clock.advance(by: .seconds(3))
    await clock.waitForSleepers(dueBy: start.adding(.seconds(5)))
    #expect(fired.elements == [3, 3])
    clock.advance(by: .seconds(6))
    while fired.elements.count < 4 { await Task.yield() }
    #expect(fired.elements == [3, 3, 5, 9])
  }

  @Test("a cancelled deadline never fires; the last cancellation ends the sleeper")
  func cancellation() async throws {
    let clock = TestClock()
    let scheduler = DeadlineScheduler(clock: clock)
    let fired = Recorder<Int>()
    let first = scheduler.schedule(at: clock.now().adding(.seconds(1))) { fired.append(1) }
    let second = scheduler.schedule(at: clock.now().adding(.seconds(2))) { fired.append(2) }
    await clock.waitForSleepers()
    scheduler.cancel(first)
    scheduler.cancel(second)
    while clock.sleeperCount > 0 { await Task.yield() }
    clock.advance(by: .seconds(5))
    #expect(fired.elements.isEmpty)
  }

  @Test("an earlier deadline replaces the sleeper")
  func earlierDeadline() async throws {
    let clock = TestClock()
    let scheduler = DeadlineScheduler(clock: clock)
    let fired = Recorder<Int>()
    _ = scheduler.schedule(at: clock.now().adding(.seconds(60))) { fired.append(60) }
    await clock.waitForSleepers()
    _ = scheduler.schedule(at: clock.now().adding(.seconds(1))) { fired.append(1) }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    while fired.elements.isEmpty { await Task.yield() }
    #expect(fired.elements == [1])
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(59)))
    #expect(clock.sleeperCount == 1)
  }
}

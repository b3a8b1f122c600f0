// Mirrors a Swift block of Sources/TetherTime/TetherTime.docc/TetherTime.md as written; DocumentationTests checks it.

import Foundation
import TetherTime

func waitsTwoSecondsOnTheTestClock() async throws -> Bool {
  let clock = TestClock()
  let start = clock.now()
  let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
  await clock.waitForSleepers()  // the task is asleep on the clock
  clock.advance(by: .seconds(2))  // …and wakes now, without a real wait
  try await sleeper.value
  return clock.now().timeIntervalSince(start) == 2
}

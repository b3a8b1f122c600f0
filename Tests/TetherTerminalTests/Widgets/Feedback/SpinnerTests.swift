import Foundation
import Testing

@testable import TetherTerminal

@Suite struct SpinnerTests {
  @Test func showsTheStepForTheFrameTimeAndAsksForTheNext() throws {
    let spinner = Spinner(
      startedAt: testEpoch, label: "Loading", frames: ["-", "\\", "|"], interval: .milliseconds(100)
    )
    let first = draw(12, 1, now: testEpoch.addingTimeInterval(0.25)) { frame in
      spinner.render(in: frame.bounds, into: &frame)
    }
    #expect(first.screen.lines == ["| Loading"])
    let next = try #require(first.frame.nextRedraw)
    #expect(abs(next.timeIntervalSince(testEpoch) - 0.3) < 1e-9)
    let later = draw(12, 1, now: testEpoch.addingTimeInterval(0.31)) { frame in
      spinner.render(in: frame.bounds, into: &frame)
    }
    #expect(later.screen.lines == ["- Loading"])
  }

  @Test func aSpinnerNotDrawnSchedulesNothing() {
    let result = draw(5, 1) { frame in frame.write("idle", at: Point(x: 0, y: 0)) }
    #expect(result.frame.nextRedraw == nil)
  }
}

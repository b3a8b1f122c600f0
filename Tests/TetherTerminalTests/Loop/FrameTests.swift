import Foundation
import Testing

@testable import TetherTerminal

@Suite struct FrameTests {
  @Test func theEarliestRedrawRequestWins() {
    var frame = Frame(size: Size(width: 1, height: 1), now: testEpoch)
    #expect(frame.nextRedraw == nil)
    frame.redraw(after: 5)
    frame.redraw(at: testEpoch.addingTimeInterval(2))
    frame.redraw(after: 3)
    #expect(frame.nextRedraw == testEpoch.addingTimeInterval(2))
  }

  @Test func manualClockMovesOnlyWhenTold() {
    let clock = ManualClock(testEpoch)
    #expect(clock.now() == testEpoch)
    clock.advance(by: 1.5)
    #expect(clock.now() == testEpoch.addingTimeInterval(1.5))
    clock.set(testEpoch)
    #expect(clock.now() == testEpoch)
  }
}

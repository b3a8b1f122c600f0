import Foundation
import Testing

@testable import TetherTerminal

@Suite struct FrameTests {
  @Test func theEarliestRedrawRequestWins() {
    var frame = Frame(size: Size(width: 1, height: 1), now: testEpoch)
    #expect(frame.nextRedraw == nil)
    frame.redraw(after: .seconds(5))
    frame.redraw(at: testEpoch.addingTimeInterval(2))
    frame.redraw(after: .seconds(3))
    #expect(frame.nextRedraw == testEpoch.addingTimeInterval(2))
  }
}

import Foundation
import Testing

@testable import TetherTerminal

@Suite struct CountdownTests {
  let countdown = Countdown(until: testEpoch.addingTimeInterval(1.4)) { "retrying in \($0)" }

  @Test func showsTenthsRoundedUpAndAsksForTheNextTick() throws {
    let first = draw(30, 1) { frame in countdown.render(in: frame.bounds, into: &frame) }
    #expect(first.screen.lines == ["retrying in 1.4 s"])
    let next = try #require(first.frame.nextRedraw)
    #expect(abs(next.timeIntervalSince(testEpoch) - 0.1) < 1e-9)

    let later = draw(30, 1, now: testEpoch.addingTimeInterval(0.95)) { frame in
      countdown.render(in: frame.bounds, into: &frame)
    }
    #expect(later.screen.lines == ["retrying in 0.5 s"])
  }

  @Test func stopsAskingAtTheDeadline() {
    let done = draw(30, 1, now: testEpoch.addingTimeInterval(2)) { frame in
      countdown.render(in: frame.bounds, into: &frame)
    }
    #expect(done.screen.lines == ["retrying in 0.0 s"])
    #expect(done.frame.nextRedraw == nil)
  }

  @Test func ticksThroughTheLoopOnTheTestClock() throws {
    final class RetryApp: TerminalApp {
      let countdown: Countdown
      init(_ countdown: Countdown) { self.countdown = countdown }
      func render(into frame: inout Frame) { countdown.render(in: frame.bounds, into: &frame) }
      func handle(_ event: Event, context: EventContext) -> EventResult { .ignored }
    }
    let screen = VirtualScreen(size: Size(width: 30, height: 1))
    let clock = TestClock(now: testEpoch)
    let loop = try EventLoop(
      app: RetryApp(countdown), screen: screen, input: ScriptedInput(), clock: clock)
    loop.runUntilIdle()
    var shown: [String] = [screen.lines[0]]
    while let deadline = loop.nextDeadline {
      clock.advance(to: deadline)
      loop.runUntilIdle()
      shown.append(screen.lines[0])
    }
    #expect(shown.count == 15)
    #expect(shown.first == "retrying in 1.4 s")
    #expect(shown[1] == "retrying in 1.3 s")
    #expect(shown.last == "retrying in 0.0 s")
    #expect(loop.framesRendered == 15)
  }
}

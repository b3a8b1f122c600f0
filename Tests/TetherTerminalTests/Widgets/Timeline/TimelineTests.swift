import Foundation
import Testing

@testable import TetherTerminal

@Suite struct TimelineTests {
  private func at(_ seconds: Double) -> Date { testEpoch.addingTimeInterval(seconds) }

  /// A run of two failed attempts with a backoff between them, then a third attempt.
  private func retryRows(thirdEnds: Date?) -> [TimelineRow] {
    [
      TimelineRow(
        "attempt 1", spans: [TimelineSpan(from: at(0), to: at(1))], markers: [.failure(at: at(1))],
        detail: "1.0 s"),
      TimelineRow(
        "backoff", spans: [TimelineSpan(from: at(1), to: at(3), style: .dim, fill: "░")],
        detail: "2.0 s"),
      TimelineRow(
        "attempt 2", spans: [TimelineSpan(from: at(3), to: thirdEnds)],
        markers: thirdEnds.map { [.success(at: $0)] } ?? []),
    ]
  }

  @Test func spansShareOneAxisThatFitsTheRect() {
    var state = ListState()
    let drawn = draw(40, 4, now: at(10)) { frame in
      Timeline(rows: retryRows(thirdEnds: at(4))).render(
        in: frame.bounds, into: &frame, state: &state)
    }
    let lines = drawn.screen.lines
    // Labels 9 wide, details 5 wide: the bar is 24 columns for 4 s, 6 columns a second.
    #expect(lines[0] == "          0           2 s", "\(drawn.screen.text)")
    #expect(lines[1] == "attempt 1 ██████✖" + String(repeating: " ", count: 18) + "1.0 s")
    #expect(
      lines[2] == "backoff" + String(repeating: " ", count: 9) + String(repeating: "░", count: 12)
        + String(repeating: " ", count: 7) + "2.0 s")
    #expect(lines[3] == "attempt 2" + String(repeating: " ", count: 19) + "█████✔")
    #expect(
      drawn.screen.style(at: Point(x: 16, y: 1)) == Style(foreground: .red, attributes: .bold))
    // Finished: no frames are asked for.
    #expect(drawn.frame.nextRedraw == nil)
  }

  @Test func aLiveSpanReachesTheNowEdgeAndKeepsAskingForFrames() {
    var state = ListState()
    let early = draw(40, 4, now: at(4)) { frame in
      Timeline(rows: retryRows(thirdEnds: nil)).render(
        in: frame.bounds, into: &frame, state: &state)
    }
    #expect(early.screen.lines[3].hasSuffix("▶"), "\(early.screen.text)")
    #expect(early.screen.find("now") != nil)
    #expect(early.frame.nextRedraw != nil)
    let later = draw(40, 4, now: at(8)) { frame in
      Timeline(rows: retryRows(thirdEnds: nil)).render(
        in: frame.bounds, into: &frame, state: &state)
    }
    // Twice the time on the same width: the finished spans take half the columns.
    let firstAttempt = later.screen.lines[1].filter { $0 == "█" }.count
    #expect(firstAttempt == 3, "\(later.screen.text)")
    #expect(later.screen.lines[3].hasSuffix("▶"))
  }

  @Test func spanLabelsShowInsideWideBars() {
    var state = ListState()
    let shown = screen(40, 2) { frame in
      Timeline(rows: [
        TimelineRow(
          "run",
          spans: [
            TimelineSpan(from: at(0), to: at(5), style: Style(foreground: .cyan), label: "500")
          ])
      ]).render(in: frame.bounds, into: &frame, state: &state)
    }
    let label = try! #require(shown.find("500"))
    #expect(shown.style(at: label) == Style(foreground: .black, background: .cyan))
  }

  @Test func ticksAreRoundAndFarEnoughApart() {
    let axis = TimelineAxis(start: testEpoch, end: at(12), width: 60)
    #expect(axis.step() == 2)
    #expect(axis.ticks().map(\.label) == ["0", "2 s", "4 s", "6 s", "8 s", "10 s", "12 s"])
    let fast = TimelineAxis(start: testEpoch, end: at(0.3), width: 60)
    #expect(fast.ticks().map(\.label).prefix(3) == ["0", "50 ms", "100 ms"])
    let long = TimelineAxis(start: testEpoch, end: at(600), width: 40)
    #expect(long.ticks().map(\.label).prefix(2) == ["0", "5 m"])
  }

  @Test func rowsScrollWithASelection() {
    var state = ListState()
    let rows = (0..<20).map {
      TimelineRow("run \($0)", spans: [TimelineSpan(from: at(Double($0)), to: at(Double($0) + 1))])
    }
    _ = screen(40, 5) { frame in
      Timeline(rows: rows).render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(state.handle("G", count: rows.count) == true)
    let shown = screen(40, 5) { frame in
      Timeline(rows: rows).render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.lines[4].hasPrefix("run 19"))
    #expect(shown.style(at: Point(x: 0, y: 4)) == .reverse)
    #expect(state.index(at: Point(x: 1, y: 1)) == 16)
  }
}

import Testing

@testable import TetherTerminal

@Suite struct DialogTests {
  @Test func drawsACentredBoxOverADimmedBackground() {
    var content = Rect(x: 0, y: 0, width: 0, height: 0)
    let screen = screen(20, 6) { frame in
      frame.write("background text", at: Point(x: 0, y: 0), style: .bold)
      content = Dialog(title: "New", size: Size(width: 12, height: 4))
        .render(in: frame.bounds, into: &frame)
      frame.write("hi", at: Point(x: content.minX, y: content.minY))
    }
    #expect(
      screen.lines == [
        "background text",
        "    ┌ New ─────┐",
        "    │ hi       │",
        "    │          │",
        "    └──────────┘",
        "",
      ])
    #expect(screen.style(at: Point(x: 0, y: 0)) == .dim)
    #expect(content == Rect(x: 6, y: 2, width: 8, height: 2))
  }

  @Test func focusRingCyclesWithTabAndShiftTab() {
    var focus = FocusRing(count: 3)
    #expect(focus.isFocused(0))
    #expect(focus.handle(.tab) == true)
    #expect(focus.handle(.tab) == true)
    #expect(focus.handle(.tab) == true)
    #expect(focus.index == 0)
    #expect(focus.handle(.shiftTab) == true)
    #expect(focus.index == 2)
    #expect(focus.handle(.enter) == false)
  }

  @Test func buttonsShowFocusAndDisabledState() {
    let screen = screen(24, 1) { frame in
      ButtonRow(["Create", "Cancel"], focused: 1, disabled: [0]).render(
        in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["  [ Create ]  [ Cancel ]"])
    #expect(screen.style(at: Point(x: 4, y: 0)) == .dim)
    #expect(screen.style(at: Point(x: 16, y: 0)) == Style(attributes: [.reverse, .bold]))
  }

  @Test func confirmPromptAnswersAndDefaultsToCancel() {
    var state = ConfirmState()
    #expect(state.handle(.enter) == .cancelled)
    #expect(state.handle(.left) == nil)
    #expect(state.handle(.enter) == .confirmed)
    #expect(state.handle("y") == .confirmed)
    #expect(state.handle(.escape) == .cancelled)
    #expect(state.handle("x") == nil)
  }

  @Test func confirmPromptRendersTheQuestionAndButtons() {
    let screen = screen(40, 8) { frame in
      ConfirmPrompt(message: "Delete post #12?", confirmTitle: "Delete", cancelTitle: "Cancel")
        .render(in: frame.bounds, into: &frame, state: ConfirmState())
    }
    #expect(screen.find("Delete post #12?") != nil)
    let cancel = try! #require(screen.find("[ Cancel ]"))
    #expect(screen.style(at: cancel).attributes.contains(.reverse))
    #expect(screen.find("┌ Confirm") != nil)
  }
}

import Testing

@testable import TetherTerminal

@Suite struct DialogTests {
  @Test func drawsACentredBoxOverADimmedBackground() {
    var content = Rect(x: 0, y: 0, width: 0, height: 0)
    let screen = screen(20, 6) { frame in
      frame.write("background text", at: Point(x: 0, y: 0), style: .bold)
      let dialog = Dialog(title: "New", size: Size(width: 12, height: 4))
      dialog.render(in: frame.bounds, into: &frame)
      content = dialog.content(in: frame.bounds)
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

  @Test func confirmPromptRendersTheQuestionAndButtons() throws {
    let prompt = ConfirmPrompt(
      message: "Delete post #12?", confirmTitle: "Delete", cancelTitle: "Cancel")
    var state = ConfirmState()
    let screen = screen(40, 8) { frame in
      prompt.render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.find("Delete post #12?") != nil)
    let cancel = try #require(screen.find("[ Cancel ]"))
    #expect(screen.style(at: cancel).attributes.contains(.reverse))
    #expect(screen.find("┌ Confirm") != nil)
    // Clicks map to the buttons.
    let delete = try #require(screen.find("[ Delete ]"))
    #expect(prompt.button(at: delete, in: Rect(size: screen.size)) == 0)
    #expect(prompt.button(at: cancel, in: Rect(size: screen.size)) == 1)
    #expect(prompt.button(at: Point(x: 0, y: 0), in: Rect(size: screen.size)) == nil)
  }

  @Test func buttonRowsMapClicksToButtons() {
    let row = ButtonRow(["Create", "Cancel"])
    let rect = Rect(x: 0, y: 0, width: 24, height: 1)
    #expect(row.button(at: Point(x: 2, y: 0), in: rect) == 0)
    #expect(row.button(at: Point(x: 11, y: 0), in: rect) == 0)
    #expect(row.button(at: Point(x: 12, y: 0), in: rect) == nil)
    #expect(row.button(at: Point(x: 14, y: 0), in: rect) == 1)
  }

  @Test func confirmationsOfferTheirOwnHints() {
    let screen = screen(40, 1) { frame in
      KeyHintBar(ConfirmState.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines[0].hasPrefix("y yes  n/Esc no"))
  }
}

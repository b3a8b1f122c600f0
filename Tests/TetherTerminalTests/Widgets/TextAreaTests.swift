import Testing

@testable import TetherTerminal

@Suite struct TextAreaTests {
  @Test func enterBreaksLinesAndBackspaceJoinsThem() {
    var state = TextAreaState(text: "hello")
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.left))
    #expect(state.handle(.key(.enter)) == true)
    #expect(state.text == "hel\nlo")
    #expect(state.cursor == (line: 1, column: 0))
    #expect(state.handle(.key(.backspace)) == true)
    #expect(state.text == "hello")
    #expect(state.cursor == (line: 0, column: 3))
  }

  @Test func deleteAtTheEndJoinsTheNextLine() {
    var state = TextAreaState(text: "a\nb")
    _ = state.handle(.key(.up))
    _ = state.handle(.key(.delete))
    #expect(state.text == "ab")
  }

  @Test func upAndDownKeepTheColumnWherePossible() {
    var state = TextAreaState(text: "long line\nab\nlonger line")
    #expect(state.cursor == (line: 2, column: 11))
    _ = state.handle(.key(.up))
    #expect(state.cursor == (line: 1, column: 2))
    _ = state.handle(.key(.up))
    #expect(state.cursor == (line: 0, column: 2))
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.left))
    #expect(state.cursor == (line: 0, column: 0))
  }

  @Test func pasteKeepsLineBreaksAndWordDeleteWorksPerLine() {
    var state = TextAreaState()
    _ = state.handle(.paste("first line\r\nsecond\u{1B}]0;x\u{07} word"))
    #expect(state.text == "first line\nsecond word")
    _ = state.handle(.key(.ctrl("w")))
    #expect(state.text == "first line\nsecond ")
    _ = state.handle(.key(.ctrl("u")))
    #expect(state.text == "first line\n")
  }

  @Test func rendersWrappedLinesWithTheCursor() {
    let state = TextAreaState(text: "abcdefgh\nxy")
    let screen = screen(5, 4) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: state)
    }
    #expect(screen.lines == ["abcde", "fgh", "xy", ""])
    #expect(screen.style(at: Point(x: 2, y: 2)).attributes.contains(.reverse))
  }

  @Test func scrollsToTheCursorLine() {
    let state = TextAreaState(text: "1\n2\n3\n4\n5")
    let screen = screen(5, 2) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: state)
    }
    #expect(screen.lines == ["4", "5"])
  }
}

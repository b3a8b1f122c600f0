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
    var state = TextAreaState(text: "abcdefgh\nxy")
    let screen = screen(5, 4) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["abcde", "fgh", "xy", ""])
    #expect(screen.style(at: Point(x: 2, y: 2)).attributes.contains(.reverse))
  }

  @Test func wrapsAtWordBoundaries() {
    var state = TextAreaState(text: "the quick brown fox jumps over")
    let screen = screen(12, 4) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["the quick", "brown fox", "jumps over", ""])
    // The cursor after the last word, at the end of the text.
    #expect(screen.style(at: Point(x: 10, y: 2)).attributes.contains(.reverse))
  }

  @Test func aWordEndingAtTheEdgeKeepsItsSpaceOutOfTheNextRow() {
    var state = TextAreaState(text: "hello world")
    let shown = screen(5, 3) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.lines == ["hello", "world", ""])
    // Typing at the end of a full row moves the cursor to the next row, never off-screen.
    var typed = TextAreaState(text: "hello ")
    let cursorRow = screen(5, 3) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &typed)
    }
    #expect(cursorRow.lines == ["hello", "", ""])
    #expect(cursorRow.style(at: Point(x: 0, y: 1)).attributes.contains(.reverse))
  }

  @Test func aWordLongerThanTheFieldBreaksBetweenGraphemes() {
    #expect(WordWrap.rows(of: Array("abcdefghij xy"), width: 4) == [0..<4, 4..<8, 8..<11, 11..<13])
    #expect(WordWrap.rows(of: Array("世界世界"), width: 3) == [0..<1, 1..<2, 2..<3, 3..<4])
    #expect(WordWrap.rows(of: [], width: 3) == [0..<0])
  }

  @Test func scrollsToTheCursorLineAndKeepsItsPlace() {
    var state = TextAreaState(text: "1\n2\n3\n4\n5")
    let bottom = screen(5, 2) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(bottom.lines == ["4", "5"])
    // Up by one stays inside the view: no scroll.
    _ = state.handle(.key(.up))
    let same = screen(5, 2) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(same.lines == ["4", "5"])
    _ = state.handle(.key(.up))
    let up = screen(5, 2) { frame in
      TextArea().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(up.lines == ["3", "4"])
  }

  @Test func thePlaceholderKeepsItsFirstLetterUnderTheCursor() {
    var state = TextAreaState()
    let screen = screen(12, 2) { frame in
      TextArea(placeholder: "Say more…").render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines[0] == "Say more…")
    #expect(screen.style(at: Point(x: 0, y: 0)).attributes.isSuperset(of: [.reverse, .dim]))
  }
}

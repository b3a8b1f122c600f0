import Testing

@testable import TetherTerminal

@Suite struct TextFieldTests {
  private func type(_ text: String, into state: inout TextFieldState) {
    for character in text { #expect(state.handle(.key(Key(.character(character)))) == true) }
  }

  @Test func editsByGraphemeCluster() {
    var state = TextFieldState()
    type("ae\u{301}👨‍👩‍👧世", into: &state)
    #expect(state.cursor == 4)
    #expect(state.handle(.key(.backspace)) == true)
    #expect(state.text == "ae\u{301}👨‍👩‍👧")
    #expect(state.handle(.key(.backspace)) == true)
    #expect(state.text == "ae\u{301}")
    #expect(state.handle(.key(.left)) == true)
    #expect(state.handle(.key(.delete)) == true)
    #expect(state.text == "a")
  }

  @Test func movesAndInsertsInTheMiddle() {
    var state = TextFieldState(text: "hllo")
    _ = state.handle(.key(.home))
    _ = state.handle(.key(.right))
    type("e", into: &state)
    #expect(state.text == "hello")
    #expect(state.cursor == 2)
    _ = state.handle(.key(.end))
    #expect(state.cursor == 5)
    _ = state.handle(.key(.ctrl("a")))
    #expect(state.cursor == 0)
    _ = state.handle(.key(.ctrl("e")))
    #expect(state.cursor == 5)
  }

  @Test func ctrlWDeletesTheWordBeforeTheCursor() {
    var state = TextFieldState(text: "hello big  world  ")
    _ = state.handle(.key(.ctrl("w")))
    #expect(state.text == "hello big  ")
    _ = state.handle(.key(.ctrl("w")))
    #expect(state.text == "hello ")
  }

  @Test func ctrlUAndCtrlKDeleteToTheStartAndEnd() {
    var state = TextFieldState(text: "one two")
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.ctrl("k")))
    #expect(state.text == "one t")
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.ctrl("u")))
    #expect(state.text == "t")
    #expect(state.cursor == 0)
  }

  @Test func pasteIsSanitisedAndFlattenedToOneLine() {
    var state = TextFieldState(text: "<>")
    _ = state.handle(.key(.left))
    #expect(state.handle(.paste("a\nb\u{1B}[2Jc")) == true)
    #expect(state.text == "<a bc>")
  }

  @Test func otherKeysAreNotEditing() {
    var state = TextFieldState()
    #expect(state.handle(.key(.enter)) == false)
    #expect(state.handle(.key(.ctrl("c"))) == false)
    #expect(state.handle(.key(.up)) == false)
    #expect(state.handle(.focus(true)) == false)
  }

  @Test func rendersTheCursorAsAReverseCell() {
    var state = TextFieldState(text: "abc")
    let screen = screen(6, 1) { frame in
      TextField().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["abc"])
    #expect(screen.style(at: Point(x: 0, y: 0)) == .underline)
    #expect(screen.style(at: Point(x: 3, y: 0)) == Style(attributes: [.underline, .reverse]))
  }

  @Test func scrollsSidewaysToKeepTheCursorVisibleAndStaysPut() {
    var state = TextFieldState(text: "abcdefghij")
    let end = screen(5, 1) { frame in
      TextField().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(end.lines == ["ghij"])
    // Moving left inside the visible part does not move the view.
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.left))
    let inside = screen(5, 1) { frame in
      TextField().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(inside.lines == ["ghij"])
    #expect(inside.style(at: Point(x: 2, y: 0)).attributes.contains(.reverse))
    _ = state.handle(.key(.home))
    let start = screen(5, 1) { frame in
      TextField().render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(start.lines == ["abcde"])
  }

  @Test func showsThePlaceholderWhenEmpty() {
    var state = TextFieldState()
    let screen = screen(10, 1) { frame in
      TextField(placeholder: "Title", isFocused: false)
        .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["Title"])
    #expect(screen.style(at: Point(x: 0, y: 0)).attributes.contains(.dim))
  }

  @Test func theCursorDoesNotHideThePlaceholdersFirstLetter() {
    var state = TextFieldState()
    let screen = screen(10, 1) { frame in
      TextField(placeholder: "Title", isFocused: true)
        .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["Title"])
    #expect(screen.style(at: Point(x: 0, y: 0)).attributes.isSuperset(of: [.reverse, .dim]))
    #expect(!screen.style(at: Point(x: 1, y: 0)).attributes.contains(.reverse))
  }
}

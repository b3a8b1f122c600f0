import Testing

@testable import TetherTerminal

@Suite struct ListViewTests {
  private func render(
    _ state: inout ListState, count: Int = 100, width: Int = 16, height: Int = 4,
    isFocused: Bool = true
  ) -> VirtualScreen {
    screen(width, height) { frame in
      ListView(count: count, isFocused: isFocused) { ListItem("Item \($0)") }
        .render(in: frame.bounds, into: &frame, state: &state)
    }
  }

  @Test func drawsVisibleRowsWithTheSelectionMarkedAndReversed() {
    var state = ListState()
    let screen = render(&state)
    #expect(screen.lines == ["› Item 0", "  Item 1", "  Item 2", "  Item 3"])
    #expect(screen.style(at: Point(x: 2, y: 0)) == .reverse)
    // The selection bar fills the whole row.
    #expect(screen.style(at: Point(x: 15, y: 0)) == .reverse)
    #expect(screen.style(at: Point(x: 2, y: 1)) == .plain)
    #expect(screen.style(at: Point(x: 15, y: 1)) == .plain)
  }

  @Test func anUnfocusedListShowsItsSelectionBold() {
    var state = ListState()
    let screen = render(&state, isFocused: false)
    #expect(screen.style(at: Point(x: 2, y: 0)) == .bold)
  }

  @Test func navigationKeysMoveTheSelectionAndScroll() {
    var state = ListState()
    _ = render(&state)
    for _ in 0..<5 { #expect(state.handle(.down, count: 100) == true) }
    #expect(state.selection == 5)
    #expect(render(&state).lines == ["  Item 2", "  Item 3", "  Item 4", "› Item 5"])
    #expect(state.handle("k", count: 100) == true)
    #expect(render(&state).lines[2] == "› Item 4")
    #expect(state.handle(.pageDown, count: 100) == true)
    #expect(state.selection == 7)
    #expect(state.handle("G", count: 100) == true)
    #expect(state.selection == 99)
    #expect(render(&state).lines.last == "› Item 99")
    #expect(state.handle(.home, count: 100) == true)
    #expect(state.selection == 0)
    #expect(state.scroll.offset == 0)
    #expect(state.handle("x", count: 100) == false)
  }

  @Test func selectionStaysInsideTheItems() {
    var state = ListState()
    #expect(state.handle(.up, count: 3) == true)
    #expect(state.selection == 0)
    state.select(10, count: 3)
    #expect(state.selection == 2)
    state.select(5, count: 0)
    #expect(state.selection == 0)
  }

  @Test func aShrinkingListClampsTheSelection() {
    var state = ListState(selection: 50)
    _ = render(&state, count: 10)
    #expect(state.selection == 9)
  }

  @Test func aHundredThousandRowsCostOnlyTheVisibleRows() {
    var state = ListState()
    var asked: [Int] = []
    _ = screen(40, 20) { frame in
      ListView(count: 100_000) { index in
        asked.append(index)
        return ListItem("Row \(index)")
      }.render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(asked == Array(0..<20))
    _ = state.handle("G", count: 100_000)
    asked.removeAll()
    let screen = screen(40, 20) { frame in
      ListView(count: 100_000) { index in
        asked.append(index)
        return ListItem("Row \(index)")
      }.render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(asked == Array(99_980..<100_000))
    #expect(screen.lines.last == "› Row 99999")
  }

  @Test func detailsAreRightAlignedAndLongTextIsTruncated() {
    var state = ListState()
    let screen = screen(20, 1) { frame in
      ListView(count: 1) { _ in ListItem("A rather long title", detail: "42") }
        .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["› A rather long…  42"])
    #expect(screen.style(at: Point(x: 18, y: 0)) == .reverse)
    var unselected = ListState(selection: 1)
    let other = detailScreen(20, 2, unselected: &unselected)
    #expect(other.style(at: Point(x: 18, y: 0)) == .dim)
  }

  private func detailScreen(_ width: Int, _ height: Int, unselected state: inout ListState)
    -> VirtualScreen
  {
    screen(width, height) { frame in
      ListView(count: 2) { _ in ListItem("A rather long title", detail: "42") }
        .render(in: frame.bounds, into: &frame, state: &state)
    }
  }

  @Test func clicksSelectRowsAndTheWheelScrollsWithTheSelection() {
    var state = ListState()
    _ = render(&state, height: 4)
    #expect(state.index(at: Point(x: 3, y: 2)) == 2)
    #expect(state.index(at: Point(x: 3, y: 9)) == nil)
    #expect(state.handle(MouseEvent(.press(.left), at: Point(x: 3, y: 2)), count: 100) == true)
    #expect(state.selection == 2)
    #expect(state.handle(MouseEvent(.scrollDown, at: Point(x: 3, y: 0)), count: 100) == true)
    #expect(state.scroll.offset == 3)
    #expect(state.selection == 3)
    #expect(render(&state).lines == ["› Item 3", "  Item 4", "  Item 5", "  Item 6"])
    // Outside the list, nothing happens.
    #expect(state.handle(MouseEvent(.scrollDown, at: Point(x: 30, y: 0)), count: 100) == false)
    #expect(state.handle(MouseEvent(.press(.right), at: Point(x: 3, y: 1)), count: 100) == false)
    // A short list has no rows to click below its last item.
    var short = ListState()
    _ = render(&short, count: 2)
    #expect(short.index(at: Point(x: 3, y: 3)) == nil)
  }

  @Test func anEmptyListShowsItsMessage() {
    var state = ListState()
    let screen = screen(20, 2) { frame in
      ListView(count: 0, emptyMessage: "No posts") { _ in "" }
        .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.lines == ["No posts", ""])
  }
}

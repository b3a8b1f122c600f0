import Testing

@testable import TetherTerminal

@Suite struct BorderTests {
  @Test func drawsABoxWithATitleAndKnowsItsInside() {
    var inner = Rect(x: 0, y: 0, width: 0, height: 0)
    let screen = screen(12, 4) { frame in
      let border = Border(title: "Feed")
      border.render(in: frame.bounds, into: &frame)
      inner = border.inner(of: frame.bounds)
    }
    #expect(
      screen.lines == [
        "┌ Feed ────┐",
        "│          │",
        "│          │",
        "└──────────┘",
      ])
    #expect(inner == Rect(x: 1, y: 1, width: 10, height: 2))
    #expect(screen.style(at: Point(x: 2, y: 0)).attributes.contains(.bold))
  }

  @Test func longTitlesAreTruncated() {
    let screen = screen(10, 3) { frame in
      Border(title: "A very long title").render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines[0] == "┌ A ver… ┐")
  }

  @Test func hostileTitlesAreSanitised() {
    let screen = screen(16, 3) { frame in
      Border(title: "x\u{1B}[2J\ny").render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines[0] == "┌ x y ─────────┐")
  }
}

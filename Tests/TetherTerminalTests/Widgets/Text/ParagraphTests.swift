import Testing

@testable import TetherTerminal

@Suite struct ParagraphTests {
  @Test func wrapsAndScrolls() {
    let paragraph = Paragraph("one two three four five six")
    #expect(paragraph.lineCount(width: 9) == 4)
    var scroll = ScrollState(offset: 2)
    let shown = screen(9, 2) { frame in
      paragraph.render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(shown.lines == ["four five", "six"])
    #expect(scroll.contentLength == 4)
    #expect(scroll.isAtEnd)
    // Past the end, the offset is clamped to the last page.
    scroll.scroll(by: 5)
    let clamped = screen(9, 2) { frame in
      paragraph.render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(clamped.lines == ["four five", "six"])
  }

  @Test func hostileTextStaysInsideItsRectangle() {
    let screen = screen(12, 3) { frame in
      frame.write("|", at: Point(x: 11, y: 1))
      Paragraph("evil\u{1B}[2J\u{1B}[H text with averyveryverylongword")
        .render(in: Rect(x: 0, y: 0, width: 11, height: 3), into: &frame)
    }
    #expect(screen.lines == ["evil text", "with       |", "averyveryve"])
  }
}

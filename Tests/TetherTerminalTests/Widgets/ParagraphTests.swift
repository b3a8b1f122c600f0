import Testing

@testable import TetherTerminal

@Suite struct ParagraphTests {
  @Test func wrapsAndScrolls() {
    let paragraph = Paragraph("one two three four five six")
    #expect(paragraph.lineCount(width: 9) == 4)
    let screen = screen(9, 2) { frame in
      paragraph.render(in: frame.bounds, into: &frame, scroll: 2)
    }
    #expect(screen.lines == ["four five", "six"])
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

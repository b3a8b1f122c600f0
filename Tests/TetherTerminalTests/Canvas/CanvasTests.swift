import Testing

@testable import TetherTerminal

@Suite struct CanvasTests {
  @Test func writesTextAndReturnsTheNextColumn() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let end = canvas.write("ab", at: Point(x: 1, y: 0), style: .bold)
    #expect(end == 3)
    #expect(canvas[Point(x: 1, y: 0)] == Cell(text: "a", style: .bold))
    #expect(canvas[Point(x: 0, y: 0)] == .blank())
  }

  @Test func wideCharactersTakeTwoCells() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    #expect(canvas.write("世界", at: Point(x: 0, y: 0)) == 4)
    #expect(canvas[Point(x: 0, y: 0)].text == "世")
    #expect(canvas[Point(x: 0, y: 0)].width == 2)
    #expect(canvas[Point(x: 1, y: 0)].isContinuation)
    #expect(canvas.text(ofRow: 0) == "世界  ")
  }

  @Test func clipsAtTheRightEdgeAndPadsAWideCharacterThatWouldCrossIt() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let clip = Rect(x: 0, y: 0, width: 5, height: 1)
    canvas.write("ab世界", at: Point(x: 0, y: 0), style: .bold, clip: clip)
    #expect(canvas.text(ofRow: 0) == "ab世      ")
    canvas.write("abcd世", at: Point(x: 0, y: 0), style: .bold, clip: clip)
    #expect(canvas.text(ofRow: 0) == "abcd      ")
    #expect(canvas[Point(x: 4, y: 0)] == .blank(.bold))
  }

  @Test func clipsAtTheLeftEdgeAndPadsAWideCharacterThatWouldCrossIt() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let clip = Rect(x: 3, y: 0, width: 7, height: 1)
    canvas.write("a世bc", at: Point(x: 1, y: 0), clip: clip)
    // "a" at 1 and the left half of 世 at 2 are outside; its right half at 3 becomes a space.
    #expect(canvas.text(ofRow: 0) == "    bc    ")
    #expect(!canvas[Point(x: 3, y: 0)].isContinuation)
  }

  @Test func clipsAtTheTopAndBottomEdges() {
    var canvas = Canvas(size: Size(width: 4, height: 3))
    let clip = Rect(x: 0, y: 1, width: 4, height: 1)
    canvas.write("top", at: Point(x: 0, y: 0), clip: clip)
    canvas.write("mid", at: Point(x: 0, y: 1), clip: clip)
    canvas.write("bot", at: Point(x: 0, y: 2), clip: clip)
    #expect((0..<3).map { canvas.text(ofRow: $0) } == ["    ", "mid ", "    "])
  }

  @Test func textOutsideTheCanvasIsIgnored() {
    var canvas = Canvas(size: Size(width: 3, height: 1))
    canvas.write("x", at: Point(x: -5, y: 0))
    canvas.write("x", at: Point(x: 0, y: 5))
    canvas.write("x", at: Point(x: 0, y: -1))
    canvas.write("abcdef", at: Point(x: -2, y: 0))
    #expect(canvas.text(ofRow: 0) == "cde")
  }

  @Test func overwritingHalfAWideCharacterLeavesPadding() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.write("世界", at: Point(x: 0, y: 0))
    canvas.write("x", at: Point(x: 1, y: 0))
    #expect(canvas.text(ofRow: 0) == " x界")
    canvas.write("y", at: Point(x: 2, y: 0))
    #expect(canvas.text(ofRow: 0) == " xy ")
    #expect((0..<4).allSatisfy { !canvas[Point(x: $0, y: 0)].isContinuation })
  }

  @Test func everyWriteIsSanitised() {
    var canvas = Canvas(size: Size(width: 20, height: 1))
    canvas.write("a\u{1B}[2J\u{1B}]0;t\u{07}b\r\nc", at: Point(x: 0, y: 0))
    #expect(canvas.text(ofRow: 0).hasPrefix("ab c "))
  }

  @Test func combiningMarksStayWithTheirBase() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    #expect(canvas.write("e\u{301}x", at: Point(x: 0, y: 0)) == 2)
    #expect(canvas[Point(x: 0, y: 0)].text == "e\u{301}")
  }

  @Test func emojiSequencesAreOneCellPair() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    #expect(canvas.write("👨‍👩‍👧🇯🇵", at: Point(x: 0, y: 0)) == 4)
    #expect(canvas[Point(x: 0, y: 0)].text == "👨‍👩‍👧")
    #expect(canvas[Point(x: 2, y: 0)].text == "🇯🇵")
  }

  @Test func diffReportsOnlyChangedCells() {
    var old = Canvas(size: Size(width: 5, height: 2))
    old.write("hello", at: Point(x: 0, y: 0))
    var new = old
    new.write("J", at: Point(x: 0, y: 1))
    var changes: [Point] = []
    new.forEachChange(from: old) { point, _ in changes.append(point) }
    #expect(changes == [Point(x: 0, y: 1)])
  }

  @Test func resetBlanksEverythingAndAdoptsTheSize() {
    var canvas = Canvas(size: Size(width: 3, height: 1))
    canvas.write("abc", at: Point(x: 0, y: 0), style: .bold)
    canvas.reset(to: Size(width: 3, height: 1))
    #expect(canvas.text(ofRow: 0) == "   ")
    canvas.reset(to: Size(width: 5, height: 2))
    #expect(canvas.size == Size(width: 5, height: 2))
  }

  @Test func restyleKeepsText() {
    var canvas = Canvas(size: Size(width: 3, height: 1))
    canvas.write("abc", at: Point(x: 0, y: 0))
    canvas.restyle(Rect(x: 1, y: 0, width: 5, height: 1)) { $0.attributes.insert(.dim) }
    #expect(canvas[Point(x: 0, y: 0)].style == .plain)
    #expect(canvas[Point(x: 2, y: 0)] == Cell(text: "c", style: .dim))
  }
}

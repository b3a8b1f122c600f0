import Testing

@testable import TetherTerminal

@Suite struct VirtualScreenTests {
  @Test func keepsTheTextAndStylesOfTheLastFrame() {
    let screen = VirtualScreen(size: Size(width: 8, height: 2))
    var canvas = Canvas(size: screen.size)
    canvas.write("hi 世界", at: Point(x: 0, y: 1), style: .bold)
    screen.present(&canvas)
    #expect(screen.lines == ["", "hi 世界"])
    #expect(screen.style(at: Point(x: 3, y: 1)) == .bold)
    #expect(screen.find("世界") == Point(x: 3, y: 1))
    #expect(screen.find("nope") == nil)
  }

  @Test func countsOnlyTheCellsThatChanged() {
    let screen = VirtualScreen(size: Size(width: 5, height: 3))
    var canvas = Canvas(size: screen.size)
    canvas.write("abc", at: Point(x: 0, y: 0))
    screen.present(&canvas)
    #expect(screen.lastChangedCells == 3)
    canvas.reset(to: screen.size)
    canvas.write("abc", at: Point(x: 0, y: 0))
    canvas.write("z", at: Point(x: 4, y: 2))
    screen.present(&canvas)
    #expect(screen.lastChangedCells == 1)
    #expect(screen.lastChangedRows == [2])
    #expect(screen.presentCount == 2)
  }

  @Test func invalidateRepaintsEverything() {
    let screen = VirtualScreen(size: Size(width: 4, height: 2))
    var canvas = Canvas(size: screen.size)
    screen.present(&canvas)
    screen.invalidate()
    canvas.reset(to: screen.size)
    screen.present(&canvas)
    #expect(screen.lastChangedCells == 8)
  }
}

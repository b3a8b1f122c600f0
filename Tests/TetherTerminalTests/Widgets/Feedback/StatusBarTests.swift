import Testing

@testable import TetherTerminal

@Suite struct StatusBarTests {
  @Test func leftAndRightSegmentsOverTheBarStyle() {
    let error = Style(foreground: .red, background: .white)
    let screen = screen(30, 1) { frame in
      StatusBar(left: ["Feed", " 10 of 251"], right: [Segment("fail 25%", style: error)])
        .render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["Feed 10 of 251        fail 25%"])
    #expect(screen.style(at: Point(x: 0, y: 0)) == .reverse)
    #expect(screen.style(at: Point(x: 18, y: 0)) == .reverse)
    #expect(screen.style(at: Point(x: 25, y: 0)) == error)
  }

  @Test func theLeftSideIsTruncatedWhenSpaceIsShort() {
    let screen = screen(20, 1) { frame in
      StatusBar(left: ["a long status message"], right: ["right"])
        .render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["a long status… right"])
  }

  /// The left side has what the right leaves, less one column between them.
  @Test func theLeftSideFitsWhenItLeavesAColumnBeforeTheRight() {
    let bar = StatusBar(left: ["left side"], right: ["right"])
    #expect(bar.leftWidth == 9)
    #expect(bar.leftRoom(inWidth: 20) == 14)
    #expect(bar.leftFits(inWidth: 15))
    #expect(!bar.leftFits(inWidth: 14))
    #expect(screen(15, 1) { bar.render(in: $0.bounds, into: &$0) }.lines == ["left side right"])
  }
}

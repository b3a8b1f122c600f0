import Testing

@testable import TetherTerminal

@Suite struct ScrollStateTests {
  private let viewport = Rect(x: 2, y: 1, width: 10, height: 5)

  @Test func layoutClampsTheOffsetToTheContent() {
    var scroll = ScrollState(offset: 50)
    scroll.layout(contentLength: 20, viewport: viewport)
    #expect(scroll.offset == 15)
    #expect(scroll.maxOffset == 15)
    #expect(scroll.visibleRange == 15..<20)
    #expect(scroll.isAtEnd)
    scroll.layout(contentLength: 3, viewport: viewport)
    #expect(scroll.offset == 0)
    #expect(!scroll.isScrollable)
  }

  @Test func keysScrollByLineAndPage() {
    var scroll = ScrollState()
    scroll.layout(contentLength: 100, viewport: viewport)
    #expect(scroll.handle("j") == true)
    #expect(scroll.offset == 1)
    #expect(scroll.handle(.pageDown) == true)
    #expect(scroll.offset == 5)
    #expect(scroll.handle(.pageUp) == true)
    #expect(scroll.offset == 1)
    #expect(scroll.handle("G") == true)
    #expect(scroll.offset == 95)
    #expect(scroll.handle(.home) == true)
    #expect(scroll.offset == 0)
    #expect(scroll.handle(.up) == true)
    #expect(scroll.offset == 0)
    #expect(scroll.handle("x") == false)
    #expect(scroll.handle(.right) == false)
  }

  @Test func revealScrollsJustEnough() {
    var scroll = ScrollState()
    scroll.layout(contentLength: 100, viewport: viewport)
    scroll.reveal(7)
    #expect(scroll.offset == 3)
    scroll.reveal(5)
    #expect(scroll.offset == 3)
    scroll.reveal(1)
    #expect(scroll.offset == 1)
  }

  @Test func mapsPointsToLinesAndScrollsForTheWheelOverIt() {
    var scroll = ScrollState(offset: 10)
    scroll.layout(contentLength: 12, viewport: viewport)
    #expect(scroll.offset == 7)
    #expect(scroll.line(at: Point(x: 2, y: 1)) == 7)
    #expect(scroll.line(at: Point(x: 11, y: 5)) == 11)
    #expect(scroll.line(at: Point(x: 12, y: 5)) == nil)
    #expect(scroll.line(at: Point(x: 2, y: 0)) == nil)
    #expect(scroll.handle(MouseEvent(.scrollUp, at: Point(x: 3, y: 3))) == true)
    #expect(scroll.offset == 4)
    #expect(scroll.handle(MouseEvent(.scrollUp, at: Point(x: 0, y: 0))) == false)
    #expect(scroll.handle(MouseEvent(.press(.left), at: Point(x: 3, y: 3))) == false)
  }

  @Test func followingTheEndKeepsUpWithGrowingContentUntilScrolledAway() {
    var log = ScrollState(followsEnd: true)
    log.layout(contentLength: 3, viewport: viewport)
    #expect(log.offset == 0)
    log.layout(contentLength: 8, viewport: viewport)
    #expect(log.offset == 3)
    log.layout(contentLength: 9, viewport: viewport)
    #expect(log.offset == 4)
    log.scroll(by: -2)
    log.layout(contentLength: 12, viewport: viewport)
    #expect(log.offset == 2)
    _ = log.handle(.end)
    log.layout(contentLength: 13, viewport: viewport)
    #expect(log.offset == 8)
  }

  @Test func beforeTheFirstRenderAnOffsetIsKeptForLater() {
    var scroll = ScrollState()
    scroll.scroll(to: 40)
    #expect(scroll.offset == 40)
    scroll.layout(contentLength: 30, viewport: viewport)
    #expect(scroll.offset == 25)
  }
}

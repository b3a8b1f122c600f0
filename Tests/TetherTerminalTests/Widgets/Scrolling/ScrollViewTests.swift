import Foundation
import Testing

@testable import TetherTerminal

@Suite struct ScrollViewTests {
  private func lines(_ count: Int) -> ScrollView {
    ScrollView(contentHeight: count) { content, frame in
      for row in 0..<count {
        frame.write("line \(row)", at: Point(x: content.minX, y: content.minY + row), clip: content)
      }
    }
  }

  @Test func showsTheScrolledPartOfTallContentWithAScrollbar() {
    var scroll = ScrollState()
    let top = screen(12, 4) { frame in
      lines(10).render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(top.lines == ["line 0     ┃", "line 1     │", "line 2     │", "line 3     │"])
    scroll.scroll(by: 6)
    let bottom = screen(12, 4) { frame in
      lines(10).render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(bottom.lines == ["line 6     │", "line 7     │", "line 8     │", "line 9     ┃"])
    #expect(bottom.style(at: Point(x: 11, y: 0)) == .dim)
  }

  @Test func contentThatFitsHasNoScrollbar() {
    var scroll = ScrollState()
    let shown = screen(12, 4) { frame in
      lines(2).render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(shown.lines == ["line 0", "line 1", "", ""])
    #expect(!scroll.isScrollable)
  }

  @Test func anyWidgetCanBeTheContentAndItsRedrawsPassThrough() {
    var scroll = ScrollState()
    let drawn = draw(20, 2) { frame in
      ScrollView(contentHeight: 5) { content, frame in
        Spinner(startedAt: testEpoch, label: "busy", frames: ["a", "b"])
          .render(in: content.row(4), into: &frame)
        Border(title: "Box").render(
          in: Rect(x: 0, y: 0, width: content.width, height: 3), into: &frame)
      }.render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(drawn.screen.lines[0].hasPrefix("┌ Box"))
    #expect(drawn.frame.nextRedraw == testEpoch.addingTimeInterval(0.1))
    scroll.scroll(to: 3)
    let scrolled = screen(20, 2) { frame in
      ScrollView(contentHeight: 5) { content, frame in
        Spinner(startedAt: testEpoch, label: "busy", frames: ["a", "b"])
          .render(in: content.row(4), into: &frame)
      }.render(in: frame.bounds, into: &frame, state: &scroll)
    }
    #expect(scrolled.lines[1].hasPrefix("a busy"))
  }

  @Test func scrollbarsShowWhereTheViewIs() {
    var scroll = ScrollState()
    scroll.layout(contentLength: 100, viewport: Rect(x: 0, y: 0, width: 1, height: 10))
    #expect(Scrollbar(state: scroll).thumb(height: 10) == 0..<1)
    scroll.scroll(to: 90)
    #expect(Scrollbar(state: scroll).thumb(height: 10) == 9..<10)
    scroll.scroll(to: 45)
    #expect(Scrollbar(state: scroll).thumb(height: 10) == 5..<6)
  }
}

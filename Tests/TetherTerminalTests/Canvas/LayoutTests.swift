import Testing

@testable import TetherTerminal

@Suite struct LayoutTests {
  let area = Rect(x: 2, y: 1, width: 100, height: 30)

  @Test func rowsWithFixedAndFill() {
    let rows = area.rows([.fixed(1), .fill, .fixed(2)])
    #expect(rows.map(\.y) == [1, 2, 29])
    #expect(rows.map(\.height) == [1, 27, 2])
    #expect(rows.allSatisfy { $0.x == 2 && $0.width == 100 })
  }

  @Test func columnsWithPercentagesAndWeightedFills() {
    let columns = area.columns([.percentage(40), .fill(1), .fill(2)])
    #expect(columns.map(\.width) == [40, 20, 40])
    #expect(columns.map(\.x) == [2, 42, 62])
  }

  @Test func fixedPartsShrinkWhenSpaceRunsOut() {
    let rows = Rect(x: 0, y: 0, width: 10, height: 3).rows([.fixed(2), .fixed(2), .fill])
    #expect(rows.map(\.height) == [2, 1, 0])
  }

  @Test func fillsShareRoundingWithoutLosingCells() {
    let columns = Rect(x: 0, y: 0, width: 10, height: 1).columns([.fill, .fill, .fill])
    #expect(columns.map(\.width).reduce(0, +) == 10)
  }

  @Test func insetAndCentered() {
    #expect(area.inset(by: 1) == Rect(x: 3, y: 2, width: 98, height: 28))
    #expect(area.centered(Size(width: 10, height: 4)) == Rect(x: 47, y: 14, width: 10, height: 4))
    #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(by: 1).isEmpty)
  }
}

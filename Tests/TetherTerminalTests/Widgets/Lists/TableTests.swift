import Testing

@testable import TetherTerminal

@Suite struct TableTests {
  let columns = [
    TableColumn("Method", width: .fixed(6)),
    TableColumn("Path"),
    TableColumn("Status", width: .fixed(6), alignment: .trailing),
  ]
  let requests = [("GET", "/posts", 200), ("POST", "/posts/add", 201), ("GET", "/posts/999", 404)]

  private func table(sort: TableSort? = nil, isFocused: Bool = true) -> Table {
    Table(columns: columns, count: requests.count, sort: sort, isFocused: isFocused) { index in
      let request = requests[index]
      return TableRow(
        [
          Segment(request.0), Segment(request.1),
          Segment("\(request.2)", style: request.2 >= 400 ? Style(foreground: .red) : nil),
        ])
    }
  }

  @Test func drawsAHeaderAndAlignedColumns() {
    var state = ListState(selection: 1)
    let shown = screen(30, 5) { frame in
      table(sort: TableSort(column: 2, ascending: false)).render(
        in: frame.bounds, into: &frame, state: &state)
    }
    // 6 + 1 + 16 + 1 + 6 columns; "Status ▼" does not fit its 6 and is cut.
    #expect(
      shown.lines == [
        "Method Path             Statu…",
        "GET    /posts              200",
        "POST   /posts/add          201",
        "GET    /posts/999          404",
        "",
      ])
    #expect(shown.style(at: Point(x: 0, y: 0)).attributes.contains(.underline))
    // The selection bar fills the row, gaps and all.
    for x in [0, 6, 20, 29] { #expect(shown.style(at: Point(x: x, y: 2)) == .reverse) }
    #expect(shown.style(at: Point(x: 29, y: 3)) == Style(foreground: .red))
  }

  @Test func theSortedColumnShowsItsDirection() {
    var state = ListState()
    let wide = [
      TableColumn("Method", width: .fixed(8)), TableColumn("Path"),
      TableColumn("Status", width: .fixed(9)),
    ]
    let shown = screen(40, 2) { frame in
      Table(columns: wide, count: 0, sort: TableSort(column: 2, ascending: false)) { _ in
        TableRow([])
      }
      .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.lines[0].hasSuffix("Status ▼"))
    #expect(
      TableSort(column: 2, ascending: false).selecting(2) == TableSort(column: 2, ascending: true))
    #expect(TableSort(column: 2).selecting(0) == TableSort(column: 0, ascending: true))
  }

  @Test func rowsScrollAndClicksMapToRowsAndHeaders() {
    var state = ListState()
    let area = Rect(x: 0, y: 0, width: 30, height: 3)
    _ = screen(30, 3) { frame in table().render(in: area, into: &frame, state: &state) }
    #expect(state.handle("G", count: requests.count) == true)
    let shown = screen(30, 3) { frame in table().render(in: area, into: &frame, state: &state) }
    #expect(shown.lines[1].hasPrefix("POST"))
    #expect(shown.lines[2].hasPrefix("GET    /posts/999"))
    #expect(state.index(at: Point(x: 3, y: 1)) == 1)
    #expect(state.index(at: Point(x: 3, y: 0)) == nil)  // the header
    #expect(table().column(at: Point(x: 8, y: 0), in: area) == 1)
    #expect(table().column(at: Point(x: 28, y: 0), in: area) == 2)
    #expect(table().column(at: Point(x: 6, y: 0), in: area) == nil)  // the gap
    #expect(table().column(at: Point(x: 8, y: 1), in: area) == nil)
  }

  @Test func anEmptyTableShowsItsMessageUnderTheHeader() {
    var state = ListState()
    let shown = screen(30, 3) { frame in
      Table(columns: columns, count: 0, emptyMessage: "No requests yet") { _ in TableRow([]) }
        .render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.lines[1] == "No requests yet")
  }
}

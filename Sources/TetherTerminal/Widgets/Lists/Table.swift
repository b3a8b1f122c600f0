/// A table: a header of column titles (the sorted one marked ▲/▼) over rows of cells, aligned
/// per column, with a selection bar across the whole row. Rows are asked for by index and only
/// for the visible rows, so 100,000 rows cost what 60 do. The selection lives in a
/// ``ListState``, exactly as a ``ListView``'s.
///
/// ```swift
/// let columns = [
///   TableColumn("Method", width: .fixed(6)), TableColumn("Path"),
///   TableColumn("Status", width: .fixed(6), alignment: .trailing),
/// ]
/// Table(columns: columns, count: requests.count, sort: sort) { index in
///   let request = requests[index]
///   return TableRow(texts: [request.method, request.path, "\(request.status)"])
/// }.render(in: area, into: &frame, state: &requestList)
/// // handle: requestList.handle(key, count: requests.count)
/// // a header click: if let column = table.column(at: point, in: area) { sort = sort.selecting(column) }
/// ```
public struct Table: StatefulWidget {
  public var columns: [TableColumn]
  public var count: Int
  public var row: (Int) -> TableRow
  public var sort: TableSort?
  public var isFocused: Bool
  public var headerStyle: Style
  public var selectedStyle: Style
  public var unfocusedSelectedStyle: Style
  /// Shown dim under the header when there are no rows.
  public var emptyMessage: String?
  /// Blank columns between two columns.
  public var spacing: Int

  /// A table of `columns` and `count` rows, each made by `row` only when it is visible.
  public init(
    columns: [TableColumn], count: Int, sort: TableSort? = nil, isFocused: Bool = true,
    headerStyle: Style = Style(attributes: [.bold, .underline]), selectedStyle: Style = .reverse,
    unfocusedSelectedStyle: Style = .bold, emptyMessage: String? = nil, spacing: Int = 1,
    row: @escaping (Int) -> TableRow
  ) {
    self.columns = columns
    self.count = max(0, count)
    self.sort = sort
    self.isFocused = isFocused
    self.headerStyle = headerStyle
    self.selectedStyle = selectedStyle
    self.unfocusedSelectedStyle = unfocusedSelectedStyle
    self.emptyMessage = emptyMessage
    self.spacing = max(0, spacing)
    self.row = row
  }

  /// Where each column lies in a table drawn in `rect` (full height).
  public func columnRects(in rect: Rect) -> [Rect] {
    var constraints: [LayoutConstraint] = []
    for (index, column) in columns.enumerated() {
      if index > 0 && spacing > 0 { constraints.append(.fixed(spacing)) }
      constraints.append(column.width)
    }
    let parts = rect.columns(constraints)
    return spacing > 0 ? stride(from: 0, to: parts.count, by: 2).map { parts[$0] } : parts
  }

  /// The column whose header is at `point` in a table drawn in `rect` (for sorting by a
  /// click); nil elsewhere.
  public func column(at point: Point, in rect: Rect) -> Int? {
    guard !rect.isEmpty, point.y == rect.minY else { return nil }
    return columnRects(in: rect).firstIndex { $0.contains(point) }
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ListState) {
    guard !rect.isEmpty else { return }
    let columnRects = columnRects(in: rect)
    renderHeader(in: rect.row(0), columns: columnRects, into: &frame)
    let body = rect.inset(top: 1)
    let selected = isFocused ? selectedStyle : unfocusedSelectedStyle
    for line in state.rows(count: count, in: body, emptyMessage: emptyMessage, into: &frame) {
      let content = row(line.index)
      let rowStyle = line.isSelected ? selected : content.style ?? .plain
      if line.isSelected { frame.fill(line.rect, style: selected) }
      for (column, area) in columnRects.enumerated() where column < content.cells.count {
        let cell = content.cells[column]
        write(
          cell.text, in: Rect(x: area.minX, y: line.rect.minY, width: area.width, height: 1),
          alignment: columns[column].alignment,
          style: line.isSelected ? selected : cell.style ?? rowStyle,
          into: &frame)
      }
    }
  }

  private func renderHeader(in row: Rect, columns rects: [Rect], into frame: inout Frame) {
    for (index, column) in columns.enumerated() where index < rects.count {
      var title = column.title
      if let sort, sort.column == index { title += sort.ascending ? " ▲" : " ▼" }
      let area = Rect(x: rects[index].minX, y: row.minY, width: rects[index].width, height: 1)
      write(title, in: area, alignment: column.alignment, style: headerStyle, into: &frame)
    }
  }

  private func write(
    _ text: String, in area: Rect, alignment: TableColumn.Alignment, style: Style,
    into frame: inout Frame
  ) {
    guard !area.isEmpty else { return }
    let fitted = TextLayout.truncate(text, toWidth: area.width)
    let width = DisplayWidth.of(fitted)
    let x =
      switch alignment {
      case .leading: area.minX
      case .center: area.minX + (area.width - width) / 2
      case .trailing: area.maxX - width
      }
    frame.write(fitted, at: Point(x: x, y: area.minY), style: style, clip: area)
  }
}

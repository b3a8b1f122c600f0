extension ListState {
  /// Lays out `count` rows in `viewport` (as ``layout(count:viewport:)``) and returns the rows
  /// to draw, top to bottom; with no rows, writes `emptyMessage` dim at the top of `viewport`
  /// and returns none. Every widget over a ``ListState`` draws through it, so they scroll,
  /// select and say "empty" alike.
  mutating func rows(
    count: Int, in viewport: Rect, emptyMessage: String?, into frame: inout Frame
  ) -> ListRows {
    layout(count: count, viewport: viewport)
    guard count > 0 else {
      if let emptyMessage {
        frame.write(
          emptyMessage, at: Point(x: viewport.minX, y: viewport.minY), style: .dim,
          clip: viewport)
      }
      return ListRows(indices: 0..<0, offset: 0, selection: 0, viewport: viewport)
    }
    return ListRows(
      indices: scroll.visibleRange, offset: scroll.offset, selection: selection,
      viewport: viewport)
  }
}

/// The visible rows of a list, table or timeline: each item's index, its row of the viewport,
/// and whether it is the selected one.
struct ListRows: Sequence, IteratorProtocol {
  struct Element {
    var index: Int
    /// The row it is drawn in: the whole width of the viewport, one cell high.
    var rect: Rect
    var isSelected: Bool
  }

  var indices: Range<Int>
  let offset: Int
  let selection: Int
  let viewport: Rect

  mutating func next() -> Element? {
    guard let index = indices.popFirst() else { return nil }
    return Element(
      index: index, rect: viewport.row(index - offset), isSelected: index == selection)
  }
}

/// One row of a ``ListView``: text, an optional style, and optional detail text shown dim at
/// the right edge (a count, a date...).
public struct ListItem: Sendable, ExpressibleByStringLiteral {
  public var text: String
  public var style: Style?
  public var detail: String?

  public init(_ text: String, style: Style? = nil, detail: String? = nil) {
    self.text = text
    self.style = style
    self.detail = detail
  }

  public init(stringLiteral text: String) {
    self.init(text)
  }
}

/// A scrolling list with a selection. Items are asked for by index and only for the visible
/// rows, so drawing costs the same for 10 items as for 100,000.
///
/// ```swift
/// ListView(count: posts.count) { index in ListItem(posts[index].title) }
///   .render(in: area, into: &frame, state: &feedState)
/// // in handle(_:context:):
/// if case .key(let key) = event, feedState.handle(key, count: posts.count) { return .handled }
/// ```
///
/// The selected row gets a `›` marker and `selectedStyle` on its text (not on the padding, so a
/// one-row move rewrites only the two rows' text).
public struct ListView {
  public var count: Int
  public var item: (Int) -> ListItem
  public var style: Style
  public var selectedStyle: Style
  /// Whether the list has focus; an unfocused list shows its selection in `unfocusedStyle`.
  public var isFocused: Bool
  public var unfocusedSelectedStyle: Style
  /// Shown dim when the list is empty.
  public var emptyMessage: String?

  public init(
    count: Int, style: Style = .plain, selectedStyle: Style = .reverse, isFocused: Bool = true,
    unfocusedSelectedStyle: Style = .bold, emptyMessage: String? = nil,
    item: @escaping (Int) -> ListItem
  ) {
    self.count = max(0, count)
    self.item = item
    self.style = style
    self.selectedStyle = selectedStyle
    self.isFocused = isFocused
    self.unfocusedSelectedStyle = unfocusedSelectedStyle
    self.emptyMessage = emptyMessage
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ListState) {
    guard !rect.isEmpty else { return }
    state.scrollToSelection(rows: rect.height, count: count)
    if count == 0, let emptyMessage {
      frame.write(emptyMessage, at: Point(x: rect.minX, y: rect.minY), style: .dim, clip: rect)
      return
    }
    let last = min(count, state.offset + rect.height)
    for index in state.offset..<max(state.offset, last) {
      let row = rect.row(index - state.offset)
      let entry = item(index)
      let isSelected = index == state.selection
      var textStyle = entry.style ?? style
      if isSelected { textStyle = isFocused ? selectedStyle : unfocusedSelectedStyle }
      var textClip = row
      if let detail = entry.detail, !detail.isEmpty {
        let width = min(DisplayWidth.of(detail), row.width / 2)
        let detailX = row.maxX - width
        frame.write(detail, at: Point(x: detailX, y: row.minY), style: .dim, clip: row)
        textClip = Rect(x: row.minX, y: row.minY, width: detailX - 1 - row.minX, height: 1)
      }
      // Marker and text are written apart so plain ASCII titles keep the canvas's fast path.
      let x = frame.write(
        isSelected ? "› " : "  ", at: Point(x: row.minX, y: row.minY), style: textStyle,
        clip: textClip)
      let text = TextLayout.truncate(entry.text, toWidth: textClip.width - 2)
      frame.write(text, at: Point(x: x, y: row.minY), style: textStyle, clip: textClip)
    }
  }
}

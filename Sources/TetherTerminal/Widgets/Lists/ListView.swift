/// One row of a ``ListView`` (or a ``TreeNode``): text, an optional style, and optional detail
/// text shown dim at the right edge (a count, a date...).
public struct ListItem: Sendable, ExpressibleByStringLiteral {
  public var text: String
  public var style: Style?
  public var detail: String?

  /// A row showing its text, with `detail` right-aligned.
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
/// if case .mouse(let mouse) = event, feedState.handle(mouse, count: posts.count) { return .handled }
/// ```
///
/// The selected row gets a `›` marker and a bar of `selectedStyle` across the whole row.
public struct ListView: StatefulWidget {
  public var count: Int
  public var item: (Int) -> ListItem
  public var style: Style
  public var selectedStyle: Style
  /// Whether the list has focus; an unfocused list shows its selection in
  /// `unfocusedSelectedStyle`.
  public var isFocused: Bool
  public var unfocusedSelectedStyle: Style
  /// Shown dim when the list is empty.
  public var emptyMessage: String?

  /// A list of `count` rows, each made by `item` only when it is visible.
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
    let selected = isFocused ? selectedStyle : unfocusedSelectedStyle
    for row in state.rows(count: count, in: rect, emptyMessage: emptyMessage, into: &frame) {
      ListRow(item: item(row.index), marker: row.isSelected ? "› " : "  ")
        .render(
          in: row.rect, into: &frame, style: style, selectedStyle: row.isSelected ? selected : nil)
    }
  }
}

/// One drawn row of a list or tree: a bar across the row when selected, the marker and
/// prefix, the text cut with "…", the detail at the right edge.
@usableFromInline
struct ListRow {
  var item: ListItem
  /// What comes before the text: the selection marker, a tree's guides.
  var marker: String
  var prefix: String
  var prefixStyle: Style?

  @usableFromInline
  init(item: ListItem, marker: String, prefix: String = "", prefixStyle: Style? = nil) {
    self.item = item
    self.marker = marker
    self.prefix = prefix
    self.prefixStyle = prefixStyle
  }

  @usableFromInline
  func render(in row: Rect, into frame: inout Frame, style: Style, selectedStyle: Style?) {
    var textStyle = item.style ?? style
    var detailStyle = Style.dim
    if let selectedStyle {
      frame.fill(row, style: selectedStyle)
      textStyle = selectedStyle
      detailStyle = selectedStyle
    }
    var textClip = row
    if let detail = item.detail, !detail.isEmpty {
      let width = min(DisplayWidth.of(detail), row.width / 2)
      let detailX = row.maxX - width
      frame.write(detail, at: Point(x: detailX, y: row.minY), style: detailStyle, clip: row)
      textClip = Rect(x: row.minX, y: row.minY, width: detailX - 1 - row.minX, height: 1)
    }
    // Marker, prefix and text are written apart so plain ASCII text keeps the canvas's fast
    // path.
    let origin = Point(x: row.minX, y: row.minY)
    var x = frame.write(marker, at: origin, style: textStyle, clip: textClip)
    if !prefix.isEmpty {
      x = frame.write(
        prefix, at: Point(x: x, y: row.minY),
        style: selectedStyle ?? prefixStyle ?? textStyle, clip: textClip)
    }
    let text = TextLayout.truncate(item.text, toWidth: textClip.maxX - x)
    frame.write(text, at: Point(x: x, y: row.minY), style: textStyle, clip: textClip)
  }
}

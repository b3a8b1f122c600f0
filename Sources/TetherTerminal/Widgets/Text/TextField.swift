/// A single-line text input. When focused, the cursor shows as a reverse-video cell; when the
/// text is wider than the field, it scrolls sideways to keep the cursor in view. An empty
/// field shows its placeholder dim, with the cursor on (not over) its first letter.
///
/// ```swift
/// TextField(placeholder: "Title", isFocused: focus.isFocused(0))
///   .render(in: row, into: &frame, state: &titleState)
/// ```
public struct TextField: StatefulWidget, Sendable {
  public var placeholder: String
  public var isFocused: Bool
  public var style: Style

  /// A one-line text field showing `placeholder` while empty.
  public init(placeholder: String = "", isFocused: Bool = true, style: Style = .underline) {
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout TextFieldState) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    frame.fill(row, style: style)
    if state.characters.isEmpty {
      TextField.drawPlaceholder(
        placeholder, showsCursor: isFocused, in: row, into: &frame, style: style)
      return
    }
    var first = state.firstVisible
    TextField.drawLine(
      state.characters, cursor: isFocused ? state.cursor : nil, first: &first, in: row,
      into: &frame, style: style)
    state.firstVisible = first
  }

  /// The placeholder, dim; with the cursor, its first letter in reverse video (still legible).
  static func drawPlaceholder(
    _ placeholder: String, showsCursor: Bool, in row: Rect, into frame: inout Frame, style: Style
  ) {
    if !placeholder.isEmpty {
      frame.write(
        placeholder, at: Point(x: row.minX, y: row.minY), style: style.adding(.dim), clip: row)
    }
    guard showsCursor else { return }
    let width = placeholder.first.map { max(1, DisplayWidth.of($0)) } ?? 1
    let cell = Rect(x: row.minX, y: row.minY, width: width, height: 1).intersection(row)
    frame.canvas.restyle(cell) { $0.attributes.insert(.reverse) }
  }

  /// Draws graphemes from `first` on, moving `first` so the cursor stays visible, the cursor
  /// cell in reverse video.
  static func drawLine(
    _ characters: [Character], cursor: Int?, first: inout Int, in row: Rect,
    into frame: inout Frame, style: Style
  ) {
    let widths = characters.map { max(1, DisplayWidth.of($0)) }
    first = max(0, min(first, characters.count))
    if let cursor {
      if cursor < first { first = cursor }
      // Columns from `first` through the cursor cell must fit.
      var used = (cursor < characters.count ? widths[cursor] : 1)
      for index in first..<cursor { used += widths[index] }
      while used > row.width && first < cursor {
        used -= widths[first]
        first += 1
      }
    }
    var x = row.minX
    for index in first..<characters.count {
      guard x < row.maxX else { break }
      let cellStyle = index == cursor ? style.adding(.reverse) : style
      x = frame.write(
        String(characters[index]), at: Point(x: x, y: row.minY), style: cellStyle, clip: row)
    }
    if let cursor, cursor == characters.count, x < row.maxX {
      frame.write(" ", at: Point(x: x, y: row.minY), style: style.adding(.reverse), clip: row)
    }
  }
}

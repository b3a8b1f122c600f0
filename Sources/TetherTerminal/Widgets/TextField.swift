/// A single-line text input. When focused, the cursor shows as a reverse-video cell; when the
/// text is wider than the field, the part around the cursor is shown.
///
/// ```swift
/// TextField(placeholder: "Title", isFocused: focus.isFocused(0))
///   .render(in: row, into: &frame, state: titleState)
/// ```
public struct TextField: Sendable {
  public var placeholder: String
  public var isFocused: Bool
  public var style: Style

  public init(placeholder: String = "", isFocused: Bool = true, style: Style = .underline) {
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
  }

  public func render(in rect: Rect, into frame: inout Frame, state: TextFieldState) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    frame.fill(row, style: style)
    if state.characters.isEmpty && !placeholder.isEmpty {
      frame.write(
        placeholder, at: Point(x: row.minX, y: row.minY), style: style.adding(.dim), clip: row)
    }
    TextField.drawLine(
      state.characters, cursor: isFocused ? state.cursor : nil, in: row, into: &frame,
      style: style)
  }

  /// Draws graphemes scrolled so the cursor stays visible, the cursor cell in reverse video.
  static func drawLine(
    _ characters: [Character], cursor: Int?, in row: Rect, into frame: inout Frame, style: Style
  ) {
    let widths = characters.map { max(1, DisplayWidth.of($0)) }
    var first = 0
    if let cursor {
      var used = 1
      first = cursor
      while first > 0 && used + widths[first - 1] <= row.width {
        first -= 1
        used += widths[first]
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

/// A multi-line text input. Long lines wrap at the field's width (between graphemes); the
/// view scrolls to keep the cursor visible.
public struct TextArea: Sendable {
  public var placeholder: String
  public var isFocused: Bool
  public var style: Style

  public init(placeholder: String = "", isFocused: Bool = true, style: Style = .plain) {
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
  }

  public func render(in rect: Rect, into frame: inout Frame, state: TextAreaState) {
    guard !rect.isEmpty else { return }
    frame.fill(rect, style: style)
    let lines = state.lineCharacters
    if lines.count == 1 && lines[0].isEmpty && !placeholder.isEmpty {
      frame.write(
        placeholder, at: Point(x: rect.minX, y: rect.minY), style: style.adding(.dim), clip: rect)
    }
    // Visual rows: (line, first grapheme, end grapheme).
    var rows: [(line: Int, start: Int, end: Int)] = []
    var cursorRow = 0
    let cursor = state.cursor
    for (lineIndex, line) in lines.enumerated() {
      var start = 0
      var width = 0
      for (index, character) in line.enumerated() {
        let columns = max(1, DisplayWidth.of(character))
        if width + columns > rect.width {
          rows.append((lineIndex, start, index))
          start = index
          width = 0
        }
        width += columns
      }
      rows.append((lineIndex, start, line.count))
      if lineIndex == cursor.line {
        cursorRow = rows.lastIndex { $0.start <= cursor.column } ?? rows.count - 1
        if width + 1 > rect.width && cursor.column == line.count && line.count > start {
          rows.append((lineIndex, line.count, line.count))
          cursorRow = rows.count - 1
        }
      }
    }
    let first = max(0, cursorRow - rect.height + 1)
    for (offset, visual) in rows[first...].prefix(rect.height).enumerated() {
      let row = rect.row(offset)
      let characters = Array(lines[visual.line][visual.start..<visual.end])
      let showsCursor = isFocused && visual.line == cursor.line && first + offset == cursorRow
      TextField.drawLine(
        characters, cursor: showsCursor ? cursor.column - visual.start : nil, in: row,
        into: &frame, style: style)
    }
  }
}

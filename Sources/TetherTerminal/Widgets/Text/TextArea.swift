/// A multi-line text input. Long lines wrap at word boundaries (a word longer than the field
/// breaks between graphemes), and the view scrolls to keep the cursor visible. An empty area
/// shows its placeholder dim, with the cursor on its first letter.
///
/// ```swift
/// TextArea(placeholder: "Say more…", isFocused: focus.isFocused(1))
///   .render(in: bodyArea, into: &frame, state: &body)
/// ```
public struct TextArea: StatefulWidget, Sendable {
  public var placeholder: String
  public var isFocused: Bool
  public var style: Style

  /// A text area showing `placeholder` while empty.
  public init(placeholder: String = "", isFocused: Bool = true, style: Style = .plain) {
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.style = style
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout TextAreaState) {
    guard !rect.isEmpty else { return }
    frame.fill(rect, style: style)
    let lines = state.lineCharacters
    if lines.count == 1 && lines[0].isEmpty {
      state.scroll.layout(contentLength: 1, viewport: rect)
      TextField.drawPlaceholder(
        placeholder, showsCursor: isFocused, in: rect.row(0), into: &frame, style: style)
      return
    }
    // Visual rows: (line, graphemes), and where the cursor is among them.
    var rows: [(line: Int, range: Range<Int>)] = []
    var cursorRow = 0
    var cursorColumn = 0
    let cursor = state.cursor
    for (lineIndex, line) in lines.enumerated() {
      let first = rows.count
      let wrapped = WordWrap.rows(of: line, width: rect.width)
      rows += wrapped.map { (lineIndex, $0) }
      guard lineIndex == cursor.line else { continue }
      let index = wrapped.lastIndex { $0.lowerBound <= cursor.column } ?? 0
      cursorRow = first + index
      cursorColumn = line[wrapped[index].lowerBound..<cursor.column].reduce(0) {
        $0 + max(1, DisplayWidth.of($1))
      }
      if cursorColumn >= rect.width {
        // After a hanging space or a full row: the cursor starts the next visual row.
        cursorRow += 1
        cursorColumn = 0
        if index == wrapped.count - 1 {
          rows.insert((lineIndex, line.count..<line.count), at: cursorRow)
        }
      }
    }
    state.scroll.layout(contentLength: rows.count, viewport: rect)
    state.scroll.reveal(cursorRow)
    for visual in state.scroll.visibleRange {
      let y = rect.minY + visual - state.scroll.offset
      var x = rect.minX
      for character in lines[rows[visual].line][rows[visual].range] {
        guard x + max(1, DisplayWidth.of(character)) <= rect.maxX else { break }
        x = frame.write(String(character), at: Point(x: x, y: y), style: style, clip: rect)
      }
    }
    guard isFocused, state.scroll.visibleRange.contains(cursorRow) else { return }
    let cursorPoint = Point(
      x: rect.minX + cursorColumn, y: rect.minY + cursorRow - state.scroll.offset)
    // Reverse whatever cell is there: the grapheme under the cursor, or a blank past the end.
    let width = max(1, Int(frame.canvas[cursorPoint].width))
    frame.canvas.restyle(
      Rect(x: cursorPoint.x, y: cursorPoint.y, width: width, height: 1).intersection(rect)
    ) { $0.attributes.insert(.reverse) }
  }
}

/// Where a line of graphemes breaks into rows of a width: after the last space that fits, or
/// between graphemes inside a word longer than the width. A space at a row's end may hang past
/// the width (it is not drawn), so words never split at a space.
enum WordWrap {
  static func rows(of line: [Character], width: Int) -> [Range<Int>] {
    guard !line.isEmpty, width > 0 else { return [0..<line.count] }
    var rows: [Range<Int>] = []
    var start = 0
    while start < line.count {
      var used = 0
      var end = start
      while end < line.count && used + max(1, DisplayWidth.of(line[end])) <= width {
        used += max(1, DisplayWidth.of(line[end]))
        end += 1
      }
      if end == start { end = start + 1 }  // a grapheme wider than the field
      if end == line.count {
        rows.append(start..<end)
        break
      }
      if line[end].isWhitespace {
        rows.append(start..<(end + 1))
        start = end + 1
      } else if let space = (start..<end).last(where: { line[$0].isWhitespace }) {
        rows.append(start..<(space + 1))
        start = space + 1
      } else {
        rows.append(start..<end)
        start = end
      }
    }
    return rows
  }
}

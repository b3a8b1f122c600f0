/// The text and cursor of a multi-line ``TextArea``, edited by grapheme cluster.
///
/// All ``TextFieldState`` keys work on the current line; Enter inserts a line break, ↑/↓ move
/// between lines, Backspace at a line start and Delete at a line end join lines, and a paste
/// keeps its line breaks.
public struct TextAreaState: Hashable, Sendable {
  private var lines: [LineBuffer]
  private var row: Int
  /// The visual rows shown (after wrapping); rendering keeps the cursor in view.
  public internal(set) var scroll = ScrollState()

  /// A text area's state holding `text`.
  public init(text: String = "") {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      LineBuffer(TextSanitizer.sanitize(String($0)))
    }
    row = lines.count - 1
  }

  /// The text, lines joined with `\n`; setting it puts the cursor at the end.
  public var text: String {
    get { lines.map(\.text).joined(separator: "\n") }
    set { self = TextAreaState(text: newValue) }
  }

  /// The cursor: line index and grapheme index in that line.
  public var cursor: (line: Int, column: Int) { (row, lines[row].cursor) }

  var lineCharacters: [[Character]] { lines.map(\.characters) }

  /// Edits for a key or paste event.
  ///
  /// - Returns: whether the event was an editing event.
  public mutating func handle(_ event: Event) -> Bool {
    switch event {
    case .key(let key): return handle(key)
    case .paste(let text):
      insert(text)
      return true
    default: return false
    }
  }

  /// Inserts `text` at the cursor, sanitised line by line, keeping its line breaks.
  public mutating func insert(_ text: String) {
    let pasted = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, line) in pasted.enumerated() {
      if index > 0 { breakLine() }
      lines[row].insert(TextSanitizer.sanitize(String(line)))
    }
  }

  private mutating func handle(_ key: Key) -> Bool {
    let column = lines[row].cursor
    switch key {
    case .enter: breakLine()
    case .up: moveVertically(by: -1)
    case .down: moveVertically(by: 1)
    case .backspace where column == 0 && row > 0:
      let removed = lines.remove(at: row)
      row -= 1
      lines[row].cursor = lines[row].characters.count
      lines[row].characters += removed.characters
    case .delete where column == lines[row].characters.count && row + 1 < lines.count:
      lines[row].characters += lines.remove(at: row + 1).characters
    case .left where column == 0 && row > 0:
      row -= 1
      lines[row].cursor = lines[row].characters.count
    case .right where column == lines[row].characters.count && row + 1 < lines.count:
      row += 1
      lines[row].cursor = 0
    default:
      return lines[row].handleLineKey(key)
    }
    return true
  }

  private mutating func breakLine() {
    let tail = Array(lines[row].characters[lines[row].cursor...])
    lines[row].deleteToEnd()
    var next = LineBuffer()
    next.characters = tail
    next.cursor = 0
    row += 1
    lines.insert(next, at: row)
  }

  private mutating func moveVertically(by delta: Int) {
    let target = row + delta
    guard lines.indices.contains(target) else { return }
    let column = lines[row].cursor
    row = target
    lines[row].cursor = min(column, lines[row].characters.count)
  }
}

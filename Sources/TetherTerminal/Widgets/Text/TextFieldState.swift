/// The text and cursor of a single-line ``TextField``, edited by grapheme cluster.
///
/// Keys: characters insert; ←/→, Home/End (Ctrl-A/Ctrl-E) move; Backspace/Delete delete one
/// grapheme; Ctrl-W deletes the word before the cursor, Ctrl-U everything before it, Ctrl-K
/// everything after it. A paste is inserted at the cursor with line breaks as spaces.
public struct TextFieldState: Hashable, Sendable {
  private var buffer: LineBuffer
  /// The first grapheme shown, when the text is wider than the field; rendering keeps the
  /// cursor in view.
  var firstVisible = 0

  /// A text field's state holding `text`.
  public init(text: String = "") {
    buffer = LineBuffer(text)
  }

  /// The text; setting it puts the cursor at the end.
  public var text: String {
    get { buffer.text }
    set {
      buffer = LineBuffer(newValue)
      firstVisible = 0
    }
  }

  /// The cursor as a grapheme index into ``text``.
  public var cursor: Int { buffer.cursor }

  var characters: [Character] { buffer.characters }

  /// Edits for a key or paste event.
  ///
  /// - Returns: whether the event was an editing event.
  public mutating func handle(_ event: Event) -> Bool {
    switch event {
    case .key(let key): return buffer.handleLineKey(key)
    case .paste(let text):
      insert(text)
      return true
    default: return false
    }
  }

  /// Inserts `text` at the cursor, sanitised, line breaks as spaces.
  public mutating func insert(_ text: String) {
    buffer.insert(TextSanitizer.sanitize(text))
  }
}

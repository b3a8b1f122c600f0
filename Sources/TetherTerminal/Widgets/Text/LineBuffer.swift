/// One line of editable text as grapheme clusters with a cursor: the editing core of
/// ``TextFieldState`` and ``TextAreaState``.
struct LineBuffer: Hashable, Sendable {
  var characters: [Character]
  var cursor: Int

  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  var text: String { String(characters) }

  mutating func insert(_ text: some Sequence<Character>) {
    let new = Array(text)
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  /// Deletes the grapheme before the cursor; false at the start.
  mutating func deleteBackward() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    characters.remove(at: cursor)
    return true
  }

  /// Deletes the grapheme under the cursor; false at the end.
  mutating func deleteForward() -> Bool {
    guard cursor < characters.count else { return false }
    characters.remove(at: cursor)
    return true
  }

  /// Ctrl-W: deletes the spaces before the cursor, then the word before them.
  mutating func deleteWordBackward() {
    var start = cursor
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Ctrl-U: deletes everything before the cursor.
  mutating func deleteToStart() {
    characters.removeSubrange(0..<cursor)
    cursor = 0
  }

  /// Ctrl-K: deletes everything after the cursor.
  mutating func deleteToEnd() {
    characters.removeSubrange(cursor...)
  }

  mutating func moveLeft() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    return true
  }

  mutating func moveRight() -> Bool {
    guard cursor < characters.count else { return false }
    cursor += 1
    return true
  }

  /// Handles the keys both single- and multi-line editors share; false for others.
  mutating func handleLineKey(_ key: Key) -> Bool {
    if let character = key.character {
      insert(CollectionOfOne(character))
      return true
    }
    switch key {
    case .backspace: _ = deleteBackward()
    case .delete: _ = deleteForward()
    case .left: _ = moveLeft()
    case .right: _ = moveRight()
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .ctrl("w"), Key(.backspace, modifiers: .alt): deleteWordBackward()
    case .ctrl("u"): deleteToStart()
    case .ctrl("k"): deleteToEnd()
    default: return false
    }
    return true
  }
}

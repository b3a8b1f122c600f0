import TetherTerminal

/// The command palette while it is open: what was typed, the entries that match it (best
/// first), and the selected one.
struct PaletteState {
  var query = TextFieldState()
  var list = ListState()
  let entries: [PaletteEntry]
  private(set) var matches: [PaletteEntry]

  init(keys: DevtoolsKeys) {
    entries = PaletteEntry.all(keys: keys)
    matches = entries
  }

  /// What a key did.
  enum Outcome {
    case none, cancelled
    case run(PaletteEntry)
  }

  mutating func handle(_ event: Event) -> Outcome {
    switch event {
    case .key(.escape): return .cancelled
    case .key(.enter):
      return matches.indices.contains(list.selection) ? .run(matches[list.selection]) : .none
    case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .key(.ctrl("p")),
      .key(.ctrl("n")):
      let key: Key =
        event == .key(.ctrl("p")) ? .up : event == .key(.ctrl("n")) ? .down : event.key!
      _ = list.handle(key, count: matches.count)
    case .key(.tab):
      // Completes the query to the selected entry's name.
      if matches.indices.contains(list.selection) {
        query = TextFieldState(text: matches[list.selection].name)
      }
    default:
      let before = query.text
      _ = query.handle(event)
      if query.text != before { filter() }
    }
    return .none
  }

  private mutating func filter() {
    let text = query.text
    matches = entries.enumerated()
      .compactMap { index, entry in
        FuzzyMatch.score(of: text, in: entry.name).map { (entry, $0, index) }
      }
      .sorted {
        if $0.1 != $1.1 { return $0.1 > $1.1 }
        if $0.0.name.count != $1.0.name.count { return $0.0.name.count < $1.0.name.count }
        return $0.2 < $1.2
      }
      .map(\.0)
    list.select(0, count: matches.count)
  }
}

extension Event {
  /// The key of a key event.
  fileprivate var key: Key? {
    if case .key(let key) = self { return key }
    return nil
  }
}

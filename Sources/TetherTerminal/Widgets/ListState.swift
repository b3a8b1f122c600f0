/// What a ``ListView`` keeps between frames: the selected row and the first visible row.
///
/// Keep it in the screen's own state (not in an observed store: rendering adjusts `offset`).
public struct ListState: Hashable, Sendable {
  /// The selected item index (0 for an empty list).
  public private(set) var selection: Int
  /// The first visible item index.
  public private(set) var offset = 0
  /// Rows shown by the last render; the page size for PgUp/PgDn.
  public private(set) var visibleRows = 1

  public init(selection: Int = 0) {
    self.selection = max(0, selection)
  }

  /// Moves the selection for j/k/↑/↓, PgUp/PgDn, g/G and Home/End.
  ///
  /// - Returns: whether `key` was a navigation key.
  public mutating func handle(_ key: Key, count: Int) -> Bool {
    let page = max(1, visibleRows - 1)
    switch key {
    case .up, "k": select(selection - 1, count: count)
    case .down, "j": select(selection + 1, count: count)
    case .pageUp, .ctrl("b"): select(selection - page, count: count)
    case .pageDown, .ctrl("f"): select(selection + page, count: count)
    case .home, "g": select(0, count: count)
    case .end, "G": select(count - 1, count: count)
    default: return false
    }
    return true
  }

  /// Selects `index`, clamped to the items, and scrolls just enough to show it.
  public mutating func select(_ index: Int, count: Int) {
    selection = max(0, min(index, count - 1))
    scrollToSelection(rows: visibleRows, count: count)
  }

  /// Keeps the selection inside `count` items and visible in `rows` rows.
  mutating func scrollToSelection(rows: Int, count: Int) {
    visibleRows = max(1, rows)
    selection = max(0, min(selection, count - 1))
    if selection < offset { offset = selection }
    if selection >= offset + visibleRows { offset = selection - visibleRows + 1 }
    offset = max(0, min(offset, count - visibleRows))
  }
}

import TetherTerminal

/// The selection of a log view — the event log, the network log: the entry it is on, kept
/// there as entries arrive or leave and as a filter changes, and, while it is on the newest
/// entry, moving to each new one.
public struct LogSelection<ID: Hashable & Sendable>: Sendable {
  /// The rows' scroll and selected row.
  public internal(set) var list = ListState()
  /// The selected entry; nil while no entry shows.
  public private(set) var id: ID?
  /// Whether the selection moves to each new entry: it is on the newest one.
  public private(set) var followsNewest = true

  /// A selection following the newest entry.
  public init() {}

  /// Puts the selection back on its entry among the `count` rows shown now (`id(at:)` names
  /// the entry of a row, `row(of:)` finds an entry's row, nil when it does not show): on the
  /// newest while following, else on its entry, or at its row when the entry left.
  mutating func update(count: Int, id entry: (Int) -> ID, row: (ID) -> Int?) {
    guard count > 0 else {
      id = nil
      return
    }
    if followsNewest || id == nil { id = entry(count - 1) }
    list.select(id.flatMap(row) ?? min(list.selection, count - 1), count: count)
    id = entry(list.selection)
  }

  /// Moves the selection for a navigation key, a click or the wheel among `count` rows;
  /// whether `event` was one. At the newest row it follows new entries again.
  mutating func handle(_ event: Event, count: Int, id entry: (Int) -> ID) -> Bool {
    switch event {
    case .key(let key): guard list.handle(key, count: count) else { return false }
    case .mouse(let mouse): guard list.handle(mouse, count: count) else { return false }
    default: return false
    }
    guard count > 0 else { return true }
    id = entry(list.selection)
    followsNewest = list.selection == count - 1
    return true
  }
}

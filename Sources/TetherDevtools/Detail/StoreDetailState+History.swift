import TetherCore
import TetherTerminal

extension StoreDetailState {
  /// The history tab's keys: ↑/↓ pick a value (newest first), Space picks the one to compare
  /// it with (again: back to the one before it), PgUp/PgDn scroll the diff.
  mutating func handleHistory(_ event: Event, record: StoreRecord?) -> Bool {
    let entries = record?.history.entries.reversed() ?? []
    let count = entries.count
    switch event {
    case .key(let key):
      switch key {
      case .pageUp, .pageDown, .ctrl("b"), .ctrl("f"):
        return diffScroll.handle(key)
      case " ":
        guard entries.indices.contains(history.selection) else { return true }
        let sequence = Array(entries)[history.selection].sequence
        historyBase = historyBase == sequence ? nil : sequence
        return true
      default:
        guard history.handle(key, count: count) else { return false }
        diffScroll.scroll(to: 0)
        return true
      }
    case .mouse(let mouse):
      return history.handle(mouse, count: count) || diffScroll.handle(mouse)
    default:
      return false
    }
  }

  /// The entries the diff compares — the one picked with Space (or the one before the
  /// selected value) and the selected value — and their diff, made once per pair.
  mutating func selectedDiff(of record: StoreRecord) -> (
    from: HistoryEntry, to: HistoryEntry, diff: ValueDiff
  )? {
    let entries = record.history.entries
    let newestFirst = entries.count - 1 - history.selection
    guard entries.indices.contains(newestFirst) else { return nil }
    let to = entries[newestFirst]
    let from: HistoryEntry
    if let base = historyBase, let picked = entries.first(where: { $0.sequence == base }),
      picked.sequence != to.sequence
    {
      from = picked
    } else if newestFirst > 0 {
      from = entries[newestFirst - 1]
    } else {
      return nil
    }
    let key = DiffKey(store: ObjectIdentifier(record.store), from: from.sequence, to: to.sequence)
    if let cache = diffCache, cache.key == key { return (from, to, cache.diff) }
    let diff = ValueDiff(from: from.value, to: to.value)
    diffCache = (key, diff)
    return (from, to, diff)
  }
}

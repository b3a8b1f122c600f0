import Foundation
import TetherCore
import TetherTerminal

/// What the event log view keeps between frames: the selected event (at the newest one, the
/// selection follows new events), and the filter by path or kind with the events it kept —
/// found once per event, not once per frame, so a log of 100,000 events scrolls as fast as
/// one of ten.
public struct EventLogState {
  /// The selected event, by sequence number.
  public internal(set) var selection = LogSelection<UInt64>()
  /// The filter by path or kind; set it to filter without typing.
  public var filter = FilterField()
  /// The events the filter kept (nil without a filter), the filter they were found for, and
  /// the latest event looked at.
  private(set) var matches: [UInt64]?
  private var matchedFilter = ""
  private var scanned: UInt64 = 0
  /// The first event kept and how many, at the last update.
  private(set) var window: (first: UInt64, count: Int) = (1, 0)

  /// An event log state with no filter, following the newest event.
  public init() {}

  /// How many events show.
  public var count: Int { matches?.count ?? window.count }

  /// The sequence number of the event on row `index`.
  func sequence(at index: Int) -> UInt64 {
    matches.map { $0[index] } ?? window.first + UInt64(index)
  }

  /// Takes the events added since the last frame, filtering only those.
  mutating func update(_ log: EventLog) {
    window = log.window
    let needle = filter.needle
    if needle.isEmpty {
      matches = nil
    } else {
      if needle != matchedFilter || matches == nil {
        matches = []
        scanned = 0
        matchedFilter = needle
      }
      // Kinds are matched once, paths once each: a log of 100,000 events has few stores.
      let kinds = Set(ClientEventRecord.Kind.allCases.filter { $0.rawValue.contains(needle) })
      let mutations = "mutation".contains(needle)
      var paths: [OperationPath: Bool] = [:]
      let found = log.sequences(after: scanned) { record in
        if kinds.contains(record.kind) || (mutations && record.isMutation) { return true }
        if let known = paths[record.path] { return known }
        let matches = record.path.label.lowercased().contains(needle)
        paths[record.path] = matches
        return matches
      }
      matches!.append(contentsOf: found)
      scanned = window.first + UInt64(window.count) - 1
      if let oldest = matches!.first, oldest < window.first {
        matches!.removeFirst(matches!.prefix { $0 < window.first }.count)
      }
    }
    selection.update(count: count, id: sequence(at:), row: row(of:))
  }

  /// The row of event `sequence`, if it shows.
  private func row(of sequence: UInt64) -> Int? {
    guard let matches else {
      guard sequence >= window.first, sequence < window.first + UInt64(window.count) else {
        return nil
      }
      return Int(sequence - window.first)
    }
    var low = 0
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if matches[middle] < sequence { low = middle + 1 } else { high = middle }
    }
    return low < matches.count && matches[low] == sequence ? low : nil
  }

  /// Moves the selection and filters (`/`); Enter is the devtools' (it opens the store).
  public mutating func handle(_ event: Event) -> Bool {
    if filter.isEditing { return filter.handle(event) }
    switch event {
    case .key("/"):
      filter.begin()
    case .key(.escape) where filter.isActive:
      filter.clear()
    default:
      return selection.handle(event, count: count, id: sequence(at:))
    }
    return true
  }
}

import Foundation
import TetherCore
import TetherTerminal

/// Every client event in order — time, store, kind and what it says (a run's trigger, a
/// failure's reason) — filtered by path or kind with `/`; Enter opens the event's store at
/// that moment of its timeline.
///
/// ```
///       #  Time          Kind             Store          Detail
///    1204  12:03:05.120  attempt failed   post · 5       run #2 · attempt 1 · 503 Service…
///    1205  12:03:05.121  retry            post · 5       run #2 · attempt 2 · in 1.0 s
/// ```
///
/// Drawing reads only the rows on screen from the log.
public struct EventLogView: StatefulWidget {
  public var log: EventLog
  public var isFocused: Bool
  /// The colours it is drawn in.
  public var theme = DevtoolsTheme()

  /// The view of `log`; `isFocused` draws it as having focus.
  public init(_ log: EventLog, isFocused: Bool = true) {
    self.log = log
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout EventLogState) {
    guard !rect.isEmpty else { return }
    state.update(log)
    let showsFilter = state.filter.isEditing || state.filter.isActive
    let parts = rect.rows([.fill, .fixed(showsFilter ? 1 : 0)])
    let wide = rect.width >= 90
    var columns = [TableColumn("#", width: .fixed(6), alignment: .trailing)]
    columns.append(TableColumn("Time", width: .fixed(wide ? 12 : 8)))
    columns += [
      TableColumn("Kind", width: .fixed(14)), TableColumn("Store", width: .fill(2)),
      TableColumn("Detail", width: .fill(3)),
    ]
    let log = log
    let rows = state
    Table(
      columns: columns, count: state.count, isFocused: isFocused,
      emptyMessage: log.total == 0
        ? "No event yet: stores, runs, attempts, failures and values set show here in order"
        : "No event matches"
    ) { index in
      guard let record = log.record(rows.sequence(at: index)) else {
        return TableRow(texts: ["", "", "", "(dropped)", ""])
      }
      let time =
        wide ? StoreColumns.preciseTime(record.date) : StoreColumns.clockTime(record.date)
      return TableRow([
        Segment("\(record.sequence)", style: theme.secondary), Segment(time),
        Segment(record.kind.rawValue, style: style(of: record.kind)),
        Segment((record.isMutation ? "mutation " : "") + record.path.label),
        Segment(record.detail),
      ])
    }.render(in: parts[0], into: &frame, state: &state.selection.list)
    guard showsFilter else { return }
    state.filter.render(in: parts[1], into: &frame, placeholder: "filter by path or kind")
  }

  func style(of kind: ClientEventRecord.Kind) -> Style? {
    switch kind {
    case .failed, .attemptFailed, .warning: theme.failure
    case .succeeded: theme.success
    case .run, .attempt: theme.running
    case .retry, .paused: theme.warning
    case .cancelled, .removed: theme.muted
    case .valueSet, .invalidated, .reset: theme.accent
    default: nil
    }
  }
}

import Foundation
import TetherCore
import TetherTerminal

/// A store's History tab: the values it held, newest first (when, what brought it, whether it
/// changed the value), and under them the structural diff of the selected value against the
/// one before it, or against the one picked with Space.
struct HistoryView: StatefulWidget {
  var record: StoreRecord
  var isFocused: Bool
  var theme = DevtoolsTheme()

  func render(in rect: Rect, into frame: inout Frame, state: inout StoreDetailState) {
    let history = record.history
    let entries = Array(history.entries.reversed())
    guard !entries.isEmpty else {
      Paragraph(
        "No value yet: each value a run or a manual set gives \(record.path.label) is kept here "
          + "(the last \(history.limits.count), at most \(history.limits.bytes / 1024) KB), "
          + "with what brought it and what changed.", style: theme.secondary
      ).render(in: rect, into: &frame)
      return
    }
    let listHeight = min(entries.count + 1, max(3, rect.height / 3))
    let parts = rect.rows([.fixed(listHeight), .fill])
    let base = state.historyBase
    Table(
      columns: [
        TableColumn("#", width: .fixed(4), alignment: .trailing),
        TableColumn("Time", width: .fixed(8)), TableColumn("Brought by", width: .fill(2)),
        TableColumn("Change", width: .fixed(9)), TableColumn("Size", width: .fixed(8)),
      ], count: entries.count, isFocused: isFocused
    ) { index in
      let entry = entries[index]
      let isBase = entry.sequence == base
      let change =
        index == entries.count - 1 && history.dropped == 0
        ? "first" : entry.changed ? "~ changed" : "same"
      return TableRow([
        Segment((isBase ? "◆" : "") + "\(entry.sequence)", style: isBase ? .bold : nil),
        Segment(StoreColumns.clockTime(entry.date)),
        Segment(entry.causeText),
        Segment(change, style: entry.changed ? theme.warning : theme.secondary),
        Segment(Self.size(entry.json.utf8.count), style: theme.secondary),
      ])
    }.render(in: parts[0], into: &frame, state: &state.history)
    renderDiff(in: parts[1].inset(top: 1), into: &frame, state: &state)
  }

  private func renderDiff(in rect: Rect, into frame: inout Frame, state: inout StoreDetailState) {
    guard rect.height > 0 else { return }
    guard let (from, to, diff) = state.selectedDiff(of: record) else {
      Paragraph(
        "The first value kept: nothing to compare it with. Space on another value picks it.",
        style: theme.secondary
      ).render(in: rect, into: &frame)
      return
    }
    let header =
      "#\(from.sequence) → #\(to.sequence) · \(diff.summary)"
      + (state.historyBase == nil ? " · Space picks another to compare with" : "")
    frame.write(header, at: Point(x: rect.minX, y: rect.minY), style: .bold, clip: rect)
    let body = rect.inset(top: 1)
    let lines = diff.lines
    ScrollView(contentHeight: lines.count) { area, content in
      for (index, line) in lines.enumerated() {
        let y = area.minY + index
        let style = style(of: line.mark)
        var x = content.write(
          String(line.mark.rawValue) + " ", at: Point(x: area.minX, y: y), style: style,
          clip: area)
        x += line.depth * 2
        if !line.name.isEmpty {
          x = content.write(line.name + ": ", at: Point(x: x, y: y), style: .bold, clip: area)
        }
        content.write(
          line.text, at: Point(x: x, y: y),
          style: line.mark == .context ? theme.secondary : style, clip: area)
      }
    }.render(in: body, into: &frame, state: &state.diffScroll)
  }

  /// `812 B`, `14 KB`, `1.2 MB`.
  static func size(_ bytes: Int) -> String {
    switch bytes {
    case ..<1024: "\(bytes) B"
    case ..<(1024 * 1024): "\(bytes / 1024) KB"
    default: String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
  }

  func style(of mark: ValueDiff.Mark) -> Style {
    switch mark {
    case .added: theme.success
    case .removed: theme.failure
    case .changed: theme.warning
    case .context: theme.secondary
    }
  }
}

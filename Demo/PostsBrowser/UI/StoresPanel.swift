import Foundation
import TetherCore
import TetherTerminal

/// Every store of the client, live: its path, status in colour, subscribers, the age of its
/// value, run and error counts, and the retry in progress.
struct StoresPanel {
  let snapshots: [OperationSnapshot]
  let isFocused: Bool

  /// The stores in a stable order: by path.
  static func sorted(_ stores: [any OperationStoreProtocol]) -> [OperationSnapshot] {
    stores.map(\.snapshot).sorted { $0.path.description < $1.path.description }
  }

  func render(in rect: Rect, into frame: inout Frame, list: inout ListState) {
    let border = Border(
      title: "Stores · \(snapshots.count)", style: isFocused ? Theme.focusedBorder : Theme.border,
      titleStyle: isFocused ? Theme.title.foreground(.cyan) : Theme.title
    )
    border.render(in: rect, into: &frame)
    let inner = border.inner(of: rect)
    let now = frame.now
    ListView(count: snapshots.count, isFocused: isFocused, emptyMessage: "No stores") { index in
      let snapshot = snapshots[index]
      let label = Theme.label(for: snapshot).padding(toLength: 8, withPad: " ", startingAt: 0)
      return ListItem(
        "\(label)\(snapshot.path)", style: Theme.style(for: snapshot),
        detail: Self.detail(of: snapshot, at: now))
    }.render(in: inner, into: &frame, state: &list)
    // Ages and countdowns move with time: look again in a second while anything is shown.
    if !snapshots.isEmpty { frame.redraw(after: .seconds(1)) }
  }

  /// `1 sub·3s·2 runs·1 err·↻1/4`: subscribers, age of the value, runs, errors and the
  /// retry in progress.
  static func detail(of snapshot: OperationSnapshot, at now: Date) -> String {
    var parts = ["\(snapshot.subscriberCount) sub"]
    if let updated = snapshot.valueLastUpdatedAt {
      parts.append(Describe.age(now.timeIntervalSince(updated)))
    }
    parts.append("\(snapshot.runCount) run\(snapshot.runCount == 1 ? "" : "s")")
    if snapshot.errorUpdateCount > 0 { parts.append("\(snapshot.errorUpdateCount) err") }
    if let retry = snapshot.retryProgress {
      parts.append("↻\(retry.failedAttempts)/\(retry.attemptLimit)")
    }
    return parts.joined(separator: "·")
  }
}

/// The full state of one store, pretty-printed in a dialog.
///
/// The value's lines are laid out once per value and width, not per frame: a value of
/// megabytes (a hostile server's 10 MB title) would otherwise be encoded and wrapped every
/// second the dialog is open.
struct StoreDetail {
  /// What the value's lines were laid out for.
  struct Layout: Equatable {
    var valueUpdateCount: Int
    var hasValue: Bool
    var width: Int
  }

  let path: OperationPath
  var scroll = 0
  private var valueLines: (layout: Layout, lines: [String])?

  init(path: OperationPath) {
    self.path = path
  }

  /// The most of a value's JSON shown.
  static let shownValueLength = 100_000

  mutating func render(snapshot: OperationSnapshot?, in bounds: Rect, into frame: inout Frame) {
    let size = Size(width: max(20, bounds.width - 6), height: max(6, bounds.height - 4))
    let dialog = Dialog(title: "Store \(path)", size: size)
    dialog.render(in: bounds, into: &frame)
    let inner = dialog.content(in: bounds)
    let rows = inner.rows([.fill, .fixed(1)])
    var lines = ["This store was removed."]
    if let snapshot {
      let width = max(1, rows[0].width)
      let layout = Layout(
        valueUpdateCount: snapshot.valueUpdateCount, hasValue: snapshot.hasValue, width: width)
      if valueLines?.layout != layout {
        valueLines = (layout, Self.valueLines(of: snapshot, width: width))
      }
      lines = Self.lines(of: snapshot, at: frame.now) + (valueLines?.lines ?? [])
    }
    let top = max(0, min(scroll, lines.count - rows[0].height))
    for (index, line) in lines.dropFirst(top).prefix(rows[0].height).enumerated() {
      frame.write(line, at: Point(x: rows[0].minX, y: rows[0].minY + index), clip: rows[0])
    }
    frame.write(
      "↑/↓ scroll · Esc close", at: Point(x: rows[1].minX, y: rows[1].minY), style: .dim,
      clip: rows[1])
    frame.redraw(after: .seconds(1))
  }

  /// The state's counters, dates, retry and error, one line each.
  static func lines(of snapshot: OperationSnapshot, at now: Date) -> [String] {
    func ago(_ date: Date?) -> String {
      date.map { "\(Describe.age(now.timeIntervalSince($0))) ago" } ?? "never"
    }
    var lines = [
      "kind         \(snapshot.kind.rawValue)",
      "status       \(snapshot.status.rawValue)\(snapshot.isStale ? ", stale" : "")"
        + (snapshot.isInvalidated ? ", invalidated" : ""),
      "subscribers  \(snapshot.subscriberCount)",
      "runs         \(snapshot.runCount)",
      "value        \(snapshot.valueUpdateCount) updates, last \(ago(snapshot.valueLastUpdatedAt))",
      "errors       \(snapshot.errorUpdateCount), last \(ago(snapshot.errorLastUpdatedAt))",
    ]
    if let retry = snapshot.retryProgress {
      let left = Describe.latency(retry.timeUntilNextAttempt(at: now))
      lines.append(
        "retry        attempt \(retry.failedAttempts) of \(retry.attemptLimit) failed, next in \(left)"
      )
    }
    if let error = snapshot.error { lines.append("error        \(Describe.failure(error))") }
    return lines
  }

  /// The value as pretty-printed JSON wrapped to `width`, cut after ``shownValueLength``
  /// characters.
  static func valueLines(of snapshot: OperationSnapshot, width: Int) -> [String] {
    var lines = ["value:"]
    let whole = snapshot.hasValue ? prettyPrinted(snapshot.currentValue) : "none"
    let value = Post.shown(whole, limit: shownValueLength)
    for line in value.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += TextLayout.wrap(String(line), toWidth: width)
    }
    if value.utf8.count != whole.utf8.count {
      lines.append("(cut: the value's JSON is \(whole.utf8.count) bytes)")
    }
    return lines
  }

  /// JSON when the value is encodable, its description otherwise.
  static func prettyPrinted(_ value: any Sendable) -> String {
    if let encodable = value as? any Encodable {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      if let data = try? encoder.encode(encodable) { return String(decoding: data, as: UTF8.self) }
    }
    return String(describing: value)
  }
}

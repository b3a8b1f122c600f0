import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

/// The columns at the right of the store view's rows, as wide as the row allows: the label
/// first (coloured after drawing), then subscribers, runs, failures and the time of the last
/// update (`◆ sim` while the devtools simulate the state).
enum StoreColumns {
  /// `fresh     1 sub   3 runs  ✖4  12:03:05`, narrowed to `width` by leaving columns out.
  /// The widths of a query row's columns, widest first: all of them (`fresh     1 sub   3 runs
  /// ✖4  12:03:05`), without the runs, without the time too, the label and the time.
  static let queryWidths = [37, 28, 19, 17]

  /// How wide a query row's columns are in a detail of at most `width`: the widest variant
  /// that fits, so the path keeps the rest of the row.
  /// What a row in a simulated state shows instead of its last update.
  static let simulationMark = "◆ sim"

  static func width(for width: Int) -> Int {
    queryWidths.first { $0 <= width } ?? width
  }

  /// The columns of `record`'s row; at `now`, a query waiting to retry says what comes next
  /// instead of its last update (`3/4 2.1s`, then `send 3/4`), drawn afresh each frame.
  static func detail(for record: StoreRecord, status: String, width: Int, now: Date? = nil)
    -> String
  {
    if let now, let next = nextStep(of: record, at: now) {
      return makeDetail(for: record, status: status, width: width, time: next)
    }
    if let columns = record.columns, columns.status == status, columns.width == width {
      return columns.text
    }
    let text = makeDetail(for: record, status: status, width: width)
    record.columns = (status, width, text)
    return text
  }

  /// What a query retrying does next: `3/4 2.1s` while it waits for attempt 3 of 4 (of its
  /// series, once a stream that delivered started it over), `send 3/4` once that attempt is
  /// sent; what a paused store waits for (`offline`, `no focus`, `scope`); nil otherwise.
  static func nextStep(of record: StoreRecord, at now: Date) -> String? {
    if record.snapshot.fetchStatus == .paused { return pauseReason(of: record) }
    guard !record.isMutation, record.snapshot.fetchStatus == .fetching,
      let retry = record.snapshot.retryProgress
    else { return nil }
    let attempt = retry.nextAttemptFraction
    if retry.nextAttemptStartDate != nil { return "send " + attempt }
    let tenths = Countdown(until: retry.nextAttemptDate).tenthsLeft(at: now)
    return tenths >= 100
      ? "\(attempt) \(tenths / 10)s" : "\(attempt) \(tenths / 10).\(tenths % 10)s"
  }

  /// What the paused run of `record` waits for, from its latest pause in the run log.
  static func pauseReason(of record: StoreRecord) -> String? {
    for entry in record.store.runLog.reversed() {
      guard case .paused(let reason) = entry.event else { continue }
      return switch reason {
      case .offline: "offline"
      case .unfocused: "no focus"
      case .scope: "scope"
      }
    }
    return nil
  }

  private static func makeDetail(
    for record: StoreRecord, status: String, width: Int, time next: String? = nil
  ) -> String {
    let label = status.padding(toLength: 8, withPad: " ", startingAt: 0)
    // A simulated state is marked where the time of the last update goes: the update is
    // not real; so is what a retrying query does next.
    let time =
      next?.leftPadded(to: 8)
      ?? (record.snapshot.simulation != nil
        ? simulationMark.leftPadded(to: 8)
        : record.lastUpdate.map(clockTime) ?? "–".leftPadded(to: 8))
    var columns: [String] = []
    if record.isMutation {
      let count = record.attempts.count
      columns = ["\(count) attempt\(count == 1 ? "" : "s")".leftPadded(to: 10)]
    } else {
      let subscribers = record.snapshot.subscriberCount
      let runs = record.snapshot.runCount
      columns = [
        "\(subscribers) sub".leftPadded(to: 6),
        "\(runs) run\(runs == 1 ? " " : "s")".leftPadded(to: 8),
      ]
      let failures = record.snapshot.failureCount
      columns.append(failures > 0 ? "✖\(failures)".leftPadded(to: 3) : "   ")
    }
    let wide = ([label] + columns + [time]).joined(separator: " ")
    if DisplayWidth.of(wide) <= width { return wide }
    // Narrower: the runs go first, then the time; subscribers and failures stay longest.
    let withoutRuns = ([label, columns[0]] + columns.dropFirst(2) + [time]).joined(separator: " ")
    if !record.isMutation, DisplayWidth.of(withoutRuns) <= width { return withoutRuns }
    let withoutTime = ([label, columns[0]] + columns.dropFirst(2)).joined(separator: " ")
    // The mark of a simulated state outlasts the subscribers.
    if !record.isMutation, record.snapshot.simulation == nil, next == nil,
      DisplayWidth.of(withoutTime) <= width
    {
      return withoutTime
    }
    let medium = "\(label) \(time)"
    if DisplayWidth.of(medium) <= width { return medium }
    return TextLayout.truncate(status, toWidth: max(1, width))
  }

  /// `✔ Edit(id: 5, …) → Post(id: 5, …)`: an attempt's arguments and outcome.
  static func attemptSummary(_ attempt: AttemptSnapshot) -> String {
    var text = brief(attempt.arguments, limit: 60)
    if let error = attempt.error {
      text += " → " + TextLayout.truncate(String(describing: error), toWidth: 60)
    } else if let value = attempt.value {
      text += " → " + brief(value, limit: 40)
    }
    return text
  }

  /// A logged value as pretty-printed JSON when it encodes (at most `lines` lines), else its
  /// description: the arguments a retry would send, in full.
  static func json(_ value: LoggedValue, lines: Int) -> String {
    guard let encodable = value.encodable,
      let node = try? JSONValue(encoding: encodable, coder: .readable)
    else {
      return value.description(limit: 80 * lines)
    }
    let all = node.text(.pretty).split(separator: "\n", omittingEmptySubsequences: false)
    guard all.count > lines else { return all.joined(separator: "\n") }
    return all.prefix(lines - 1).joined(separator: "\n")
      + "\n… (\(all.count - lines + 1) more lines)"
  }

  /// A logged value in one line: its first members as the value explorer previews them
  /// (`{title: "Hello", body: "", userId: 77}`) when it encodes, else its description.
  static func brief(_ value: LoggedValue, limit: Int) -> String {
    guard let encodable = value.encodable,
      let node = try? JSONValue(encoding: encodable, coder: .readable)
    else {
      return value.description(limit: limit)
    }
    let outline = ValueOutline(node)
    guard outline.count > 0 else { return value.description(limit: limit) }
    switch outline.nodes[0].kind {
    case .object: return "{" + ValueRows.preview(of: 0, in: outline) + "}"
    case .array: return "[" + ValueRows.preview(of: 0, in: outline) + "]"
    case .string: return "\"" + TextLayout.truncate(outline.nodes[0].text, toWidth: limit) + "\""
    default: return outline.nodes[0].text
    }
  }

  /// `succeeded 12:03:05   320 ms`; `paused    12:03:05 offline` while its mutation waits for
  /// the network (nothing is sent, so no run time grows); `waiting      next in 2.1 s` while
  /// it waits out a retry's backoff.
  static func attemptDetail(
    _ attempt: AttemptSnapshot, phase: AttemptPhase, of record: StoreRecord, now: Date,
    width: Int
  ) -> String {
    let label = phase.label.padding(toLength: 9, withPad: " ", startingAt: 0)
    let time =
      switch phase {
      case .waiting(_, _, let date): "next in " + Countdown(until: date).text(at: now)
      case .paused:
        clockTime(attempt.startDate) + " " + (pauseReason(of: record) ?? "–").leftPadded(to: 7)
      case .status:
        clockTime(attempt.startDate) + " "
          + durationText(attempt.duration(at: now)).leftPadded(to: 7)
      }
    let wide = label + " " + time.leftPadded(to: 16)
    if DisplayWidth.of(wide) <= width { return wide }
    return TextLayout.truncate(phase.label, toWidth: max(1, width))
  }

  /// The local time zone's offset, read once: formatting thousands of rows must not ask the
  /// calendar each time (a daylight-saving change shows after a restart).
  static let timeZoneOffset = TimeZone.current.secondsFromGMT()

  /// `12:03:05` in the local time zone.
  static func clockTime(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZoneOffset
    let day = ((seconds % 86_400) + 86_400) % 86_400
    return twoDigits(day / 3600) + ":" + twoDigits(day / 60 % 60) + ":" + twoDigits(day % 60)
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// `12:03:05.250`.
  static func preciseTime(_ date: Date) -> String {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
    // Not `String(format:)`: the event log formats a time for every row of every frame.
    let digits = String(milliseconds)
    return clockTime(date) + "." + String(repeating: "0", count: 3 - digits.count) + digits
  }

  /// `320 ms`, `1.4 s`, `2 m 5 s`; never negative (a date before another by clock skew shows
  /// `0 ms`).
  static func durationText(_ duration: Duration) -> String {
    let seconds = max(0, duration.timeInterval)
    switch seconds {
    case ..<1: return "\(Int((seconds * 1000).rounded())) ms"
    case ..<60: return String(format: "%.1f s", seconds)
    case ..<3600: return "\(Int(seconds) / 60) m \(Int(seconds) % 60) s"
    default: return "\(Int(seconds) / 3600) h \(Int(seconds) % 3600 / 60) m"
    }
  }
}

extension String {
  /// The string with spaces before it up to `width` columns.
  func leftPadded(to width: Int) -> String {
    let missing = width - DisplayWidth.of(self)
    return missing > 0 ? String(repeating: " ", count: missing) + self : self
  }

  /// The string with spaces after it up to `width` columns.
  func rightPadded(to width: Int) -> String {
    let missing = width - DisplayWidth.of(self)
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }
}

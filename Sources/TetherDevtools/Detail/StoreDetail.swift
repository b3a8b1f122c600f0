import Foundation
import TetherCore
import TetherTerminal

/// One store in detail, in tabs: **State** (every field of its state), **Value** (the value
/// explorer), **History** (its last values and what each changed), **Timeline** (its run log as a live waterfall) and, for a mutation,
/// **Attempts** (each attempt's arguments, status, start, duration, value or error).
public struct StoreDetail: StatefulWidget {
  /// The store; nil once it was removed.
  public var record: StoreRecord?
  public var runLog: [RunLogEntry]
  public var network: [NetworkRecord]
  public var simulation: SimulatedState?
  public var hasUnsavedChange: Bool
  public var isFocused: Bool
  /// The colours it is drawn in.
  public var theme = DevtoolsTheme()

  /// The detail of `record` (nil: no store selected), with its run log, its requests and any
  /// simulated state; `isFocused` draws it as having focus.
  public init(
    record: StoreRecord?, runLog: [RunLogEntry] = [], network: [NetworkRecord] = [],
    simulation: SimulatedState? = nil, hasUnsavedChange: Bool = false, isFocused: Bool = true
  ) {
    self.record = record
    self.runLog = runLog
    self.network = network
    self.simulation = simulation
    self.hasUnsavedChange = hasUnsavedChange
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout StoreDetailState) {
    guard rect.height >= 3, rect.width >= 20 else { return }
    let parts = rect.rows([.fixed(1), .fill])
    renderTabs(in: parts[0], into: &frame, state: &state)
    let body = parts[1].inset(top: 1)
    guard let record else {
      Paragraph(
        "\(state.path.label) is no longer in the client: it was removed, or collected once unused. "
          + "Esc goes back.", style: theme.secondary
      ).render(in: body, into: &frame)
      return
    }
    switch state.tab {
    case .state: renderState(record, in: body, into: &frame, state: &state)
    case .value:
      state.prepareOutline(for: record)
      if let outline = state.outline {
        var explorer = ValueExplorer(
          outline, identity: state.outlineIdentity, isFocused: isFocused)
        explorer.theme = theme
        explorer.render(in: body, into: &frame, state: &state.explorer)
      }
    case .history:
      HistoryView(record: record, isFocused: isFocused, theme: theme).render(
        in: body, into: &frame, state: &state)
    case .timeline:
      renderTimeline(
        in: body, changedRuns: record.history.changingRuns, into: &frame, state: &state)
    case .attempts: renderAttempts(record, in: body, into: &frame, state: &state)
    }
  }

  private func renderTabs(in row: Rect, into frame: inout Frame, state: inout StoreDetailState) {
    state.tabHits.removeAll()
    var x = row.minX
    for tab in state.tabs {
      let text = " \(tab.title) "
      let width = DisplayWidth.of(text)
      let style: Style =
        tab == state.tab ? (isFocused ? .reverse : .bold.adding(.underline)) : theme.secondary
      frame.write(text, at: Point(x: x, y: row.minY), style: style, clip: row)
      state.tabHits.add(tab, Rect(x: x, y: row.minY, width: width, height: 1))
      x += width + 1
    }
    guard let record else { return }
    let label: (String, Style) =
      record.isMutation
      ? (record.mutationStatus.rawValue, theme.style(for: record.mutationStatus))
      : (record.status(at: frame.now).rawValue, theme.style(for: record.status(at: frame.now)))
    let text = record.snapshot.simulation.map { "simulated \($0.rawValue) · " } ?? ""
    let badgeWidth = DisplayWidth.of(text + label.0)
    let start = row.maxX - badgeWidth
    guard start > x else { return }
    let end = frame.write(
      text, at: Point(x: start, y: row.minY), style: theme.fault, clip: row)
    frame.write(label.0, at: Point(x: end, y: row.minY), style: label.1, clip: row)
  }

  private func renderState(
    _ record: StoreRecord, in rect: Rect, into frame: inout Frame, state: inout StoreDetailState
  ) {
    let now = frame.now
    let lines = StoreFields.lines(
      of: record, simulation: simulation, hasUnsavedChange: hasUnsavedChange, now: now,
      theme: theme)
    let nameWidth = 17
    let valueWidth = max(10, rect.width - nameWidth - 1)
    var laidOut: [(name: String, text: String, style: Style, countdown: Date?)] = []
    for line in lines {
      let wrapped = TextLayout.wrap(line.value, toWidth: valueWidth)
      for (index, text) in wrapped.enumerated() {
        let last = index == wrapped.count - 1
        laidOut.append((index == 0 ? line.name : "", text, line.style, last ? line.countdown : nil))
      }
    }
    ScrollView(contentHeight: laidOut.count) { area, content in
      for (index, line) in laidOut.enumerated() {
        let y = area.minY + index
        content.write(
          line.name, at: Point(x: area.minX, y: y), style: theme.secondary, clip: area)
        let end = content.write(
          line.text, at: Point(x: area.minX + nameWidth, y: y), style: line.style, clip: area)
        if let deadline = line.countdown {
          Countdown(until: deadline, style: line.style)
            .render(
              in: Rect(x: end + 1, y: y, width: max(0, area.maxX - end - 1), height: 1),
              into: &content)
        }
      }
    }.render(in: rect, into: &frame, state: &state.fields)
  }

  private func renderTimeline(
    in rect: Rect, changedRuns: Set<OperationRunID>, into frame: inout Frame,
    state: inout StoreDetailState
  ) {
    let timeline = RunTimeline(
      log: runLog, network: network, changedRuns: changedRuns, now: frame.now, theme: theme)
    let rows = timeline.rows
    let parts = rect.rows([.fill, .fixed(min(4, max(1, rect.height / 4)))])
    if let target = state.timelineTarget {
      state.timelineTarget = nil
      if let index = Self.row(of: target, in: rows) {
        state.timeline.select(index, count: rows.count)
        state.timelineFollows = index == rows.count - 1
      }
    }
    if state.timelineFollows, !rows.isEmpty {
      state.timeline.select(rows.count - 1, count: rows.count)
    }
    // The range is given, not fitted by the widget, so a retry due ahead shows its wait.
    var range = timeline.range(now: frame.now)
    if state.fitsRun {
      range = timeline.range(ofRunAt: state.timeline.selection, now: frame.now) ?? range
    }
    if timeline.isLive { frame.redraw(after: .milliseconds(100)) }
    Timeline(
      rows: timeline.timelineRows, range: range, isFocused: isFocused,
      emptyMessage: "No run yet: the log shows every run, attempt, wait and result"
    ).render(in: parts[0], into: &frame, state: &state.timeline)
    guard rows.indices.contains(state.timeline.selection) else { return }
    let description = rows[state.timeline.selection].description
    Paragraph(description, style: theme.secondary).render(in: parts[1], into: &frame)
  }

  /// The row of a run's attempt (its run's row without one), or of a store event at `date`.
  static func row(
    of target: (run: OperationRunID?, attempt: Int?, date: Date), in rows: [RunTimeline.Row]
  ) -> Int? {
    guard let run = target.run else {
      return rows.firstIndex { $0.run == nil && $0.start == target.date }
    }
    guard let first = rows.firstIndex(where: { $0.run == run }) else { return nil }
    if let attempt = target.attempt, rows.indices.contains(first + attempt),
      rows[first + attempt].run == run
    {
      return first + attempt
    }
    return first
  }

  /// The fault injected in the request that ended `attempt` (`client: 503`), if one was.
  private func injectedFault(of attempt: AttemptSnapshot) -> String? {
    guard attempt.status == .failed else { return nil }
    return network.last { $0.origin?.run == attempt.id }?.injectedFault
  }

  /// How long `attempt` ran; for one waiting out a backoff, when it tries again (`in 2.1 s`);
  /// for one paused, what it waits for — no time grows while nothing is sent.
  static func duration(
    of attempt: AttemptSnapshot, phase: AttemptPhase, in record: StoreRecord, at now: Date
  ) -> String {
    switch phase {
    case .waiting(_, _, let date): "in " + Countdown(until: date).text(at: now)
    case .paused: StoreColumns.pauseReason(of: record) ?? "–"
    case .status: StoreColumns.durationText(attempt.duration(at: now))
    }
  }

  private func renderAttempts(
    _ record: StoreRecord, in rect: Rect, into frame: inout Frame, state: inout StoreDetailState
  ) {
    let attempts = Array(record.attempts.reversed())
    let parts = rect.rows([.percentage(50), .fill])
    let now = frame.now
    var live = false
    Table(
      columns: [
        TableColumn("Run", width: .fixed(5)), TableColumn("Status", width: .fixed(9)),
        TableColumn("Started", width: .fixed(8)),
        TableColumn("Duration", width: .fixed(8), alignment: .trailing),
        TableColumn("Arguments", width: .fill(2)), TableColumn("Outcome", width: .fill(2)),
      ], count: attempts.count, isFocused: isFocused, emptyMessage: "No attempt yet"
    ) { index in
      let attempt = attempts[index]
      let phase = record.phase(of: attempt)
      if attempt.status == .running { live = true }
      var outcome =
        attempt.error.map { StoreFields.describe($0) } ?? attempt.value?.description(limit: 200)
        ?? ""
      if let fault = injectedFault(of: attempt) {
        outcome = "injected by the \(fault) · " + outcome
      }
      return TableRow([
        Segment("\(attempt.id)"), Segment(phase.label, style: phase.style(in: theme)),
        Segment(StoreColumns.clockTime(attempt.startDate)),
        Segment(Self.duration(of: attempt, phase: phase, in: record, at: now)),
        Segment(StoreColumns.brief(attempt.arguments, limit: 200)), Segment(outcome),
      ])
    }.render(in: parts[0], into: &frame, state: &state.attempts)
    if live { frame.redraw(after: .milliseconds(100)) }
    guard attempts.indices.contains(state.attempts.selection) else { return }
    let attempt = attempts[state.attempts.selection]
    var text = "Run \(attempt.id), "
    switch record.phase(of: attempt) {
    case .waiting(let next, let limit, let date):
      text +=
        "waiting: attempt \(next) of \(limit) in \(Countdown(until: date).text(at: now)) "
        + "(attempt \(next - 1) failed)"
    case .paused:
      let until =
        switch StoreColumns.pauseReason(of: record) {
        case "no focus": "the app has focus again"
        case "scope": "its scope is free"
        default: "the network is back"
        }
      text += "paused: nothing is sent until " + until
    case .status(let status): text += status.rawValue
    }
    text += ", started \(StoreColumns.preciseTime(attempt.startDate))"
    if let end = attempt.endDate { text += ", ended \(StoreColumns.preciseTime(end))" }
    text += "\n\nArguments:\n\(StoreColumns.json(attempt.arguments, lines: 60))"
    if let value = attempt.value { text += "\n\nValue: \(value.description(limit: 4000))" }
    if let fault = injectedFault(of: attempt) { text += "\n\nFault injected by the \(fault)" }
    if let error = attempt.error { text += "\n\nError: \(String(describing: error))" }
    Paragraph(text).render(in: parts[1].inset(top: 1), into: &frame, state: &state.attemptScroll)
  }
}

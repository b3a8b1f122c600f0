import Foundation
import TetherCore
import TetherTerminal

/// A store's run log as a waterfall: a row per run (what started it, how it ended), a row per
/// attempt of it (the attempt, the failure that ended it, the backoff wait to the next one,
/// pauses, yields, the request it sent), and a row per store event (invalidated, reset, value
/// set by hand), in the order they happened.
///
/// ```
///                    0       1 s      2 s      3 s      4 s     now
/// run #2 refetch     ████████████████████████████████████████▶  attempt 3 of 4
///   attempt 1        ██✖░░░░░░░                                  503 · 80 ms
///   attempt 2                  ████✖░░░░░░░░░░░░░░░               503 · 120 ms
///   attempt 3                                     ████▶           running
/// ```
public struct RunTimeline: Sendable {
  /// One row and what it stands for.
  public struct Row: Sendable {
    public var timeline: TimelineRow
    /// Everything about the row, for the line under the timeline.
    public var description: String
    /// The run it belongs to; nil for a store event.
    public var run: OperationRunID?
    public var start: Date
    public var end: Date?
  }

  public private(set) var rows: [Row] = []

  /// The waterfall of `log`, with the requests of `network` that the runs sent, at `now`;
  /// the runs of `changedRuns` (those that brought a value other than the one before) are
  /// marked `~`; drawn in `theme`'s colours.
  public init(
    log: [RunLogEntry], network: [NetworkRecord] = [], changedRuns: Set<OperationRunID> = [],
    now: Date, theme: DevtoolsTheme = DevtoolsTheme()
  ) {
    var runs: [UInt64: RunBuilder] = [:]
    var order: [Item] = []
    for entry in log {
      guard let run = entry.run else {
        order.append(.event(entry))
        continue
      }
      if case .runStarted(let trigger, let input) = entry.event {
        runs[run.number] = RunBuilder(id: run, start: entry.date, trigger: trigger, input: input)
        order.append(.run(run.number))
        continue
      }
      if runs[run.number] == nil {
        // The start fell off the log: begin where the log does.
        runs[run.number] = RunBuilder(id: run, start: entry.date, trigger: nil, input: nil)
        order.append(.run(run.number))
      }
      runs[run.number]!.apply(entry)
    }
    let requests = network.filter { $0.origin != nil }
    for item in order {
      switch item {
      case .event(let entry):
        rows.append(Self.eventRow(entry, theme: theme))
      case .run(let number):
        guard let run = runs[number] else { continue }
        var runRows = run.rows(
          requests: requests.filter { $0.origin?.path == log.first?.path }, now: now,
          theme: theme)
        if changedRuns.contains(run.id), !runRows.isEmpty {
          runRows[0].timeline.label += " ~"
          runRows[0].description += " · changed the value (History shows the diff)"
        }
        rows += runRows
      }
    }
  }

  private enum Item {
    case run(UInt64)
    case event(RunLogEntry)
  }

  /// The timeline rows.
  public var timelineRows: [TimelineRow] { rows.map(\.timeline) }

  /// Whether a run is still going: the timeline changes with time.
  public var isLive: Bool { rows.contains { $0.run != nil && $0.end == nil } }

  /// The range that shows every row: from the first start to the last end, now while
  /// something runs, and the due date of a retry ahead.
  public func range(now: Date) -> ClosedRange<Date>? {
    guard let start = rows.map(\.start).min() else { return nil }
    var end = rows.map { $0.end ?? now }.max() ?? now
    for row in rows {
      for span in row.timeline.spans { end = max(end, span.end ?? now) }
    }
    return start...max(end, start.addingTimeInterval(0.001))
  }

  /// The range that shows the run of row `index` (its start to its end, or now).
  public func range(ofRunAt index: Int, now: Date) -> ClosedRange<Date>? {
    guard rows.indices.contains(index), let run = rows[index].run else { return nil }
    let runRows = rows.filter { $0.run == run }
    guard let start = runRows.map(\.start).min() else { return nil }
    var end = runRows.map { $0.end ?? now }.max() ?? now
    for row in runRows {
      for span in row.timeline.spans { end = max(end, span.end ?? now) }
    }
    return start...max(end, start.addingTimeInterval(0.001))
  }

  static func eventRow(_ entry: RunLogEntry, theme: DevtoolsTheme) -> Row {
    let symbol: Character
    let name: String
    switch entry.event {
    case .invalidated:
      symbol = "⟳"
      name = "invalidated"
    case .reset:
      symbol = "⟲"
      name = "reset"
    case .valueSet:
      symbol = "✎"
      name = "value set"
    default:
      symbol = "•"
      name = entry.event.description
    }
    let marker = TimelineMarker(at: entry.date, symbol: symbol, style: theme.accent)
    return Row(
      timeline: TimelineRow(name, markers: [marker], detail: StoreColumns.clockTime(entry.date)),
      description: "\(name) at \(StoreColumns.preciseTime(entry.date))", run: nil,
      start: entry.date, end: entry.date)
  }
}

/// One run as its log entries tell it.
private struct RunBuilder {
  struct Attempt {
    var number: Int
    var start: Date
    var end: Date?
    var failure: String?
    /// Whether its run was cancelled while it ran or waited.
    var cancelled = false
    /// Whether it was sent: the first attempt always, a retry once its wait was over.
    var sent: Bool
    /// When the wait before it began (the failure of the previous attempt).
    var waitStart: Date?
    var pauses: [(start: Date, end: Date?, reason: String)] = []
    var yields: [Date] = []
  }

  enum Outcome {
    case succeeded
    case failed(String)
    case cancelled(reverted: Bool)
  }

  let id: OperationRunID
  let start: Date
  let trigger: RunTrigger?
  let input: LoggedValue?
  var attempts: [Attempt]
  var end: Date?
  var outcome: Outcome?

  init(id: OperationRunID, start: Date, trigger: RunTrigger?, input: LoggedValue?) {
    self.id = id
    self.start = start
    self.trigger = trigger
    self.input = input
    attempts = [Attempt(number: 1, start: start, sent: true)]
  }

  mutating func apply(_ entry: RunLogEntry) {
    let last = attempts.count - 1
    switch entry.event {
    case .runStarted:
      break
    case .attemptFailed(let reason):
      let index = attempts.lastIndex { $0.number == entry.attempt } ?? last
      attempts[index].end = entry.date
      attempts[index].failure = reason.description(limit: 300)
      attempts[index].sent = true
    case .retryScheduled(let date):
      attempts.append(
        Attempt(
          number: entry.attempt ?? attempts.count + 1, start: date, sent: false,
          waitStart: entry.date))
    case .attemptStarted:
      let index = attempts.lastIndex { $0.number == entry.attempt } ?? last
      attempts[index].start = entry.date
      attempts[index].sent = true
    case .paused(let reason):
      attempts[last].pauses.append((entry.date, nil, reason.description))
    case .resumed:
      if let pause = attempts[last].pauses.indices.last, attempts[last].pauses[pause].end == nil {
        attempts[last].pauses[pause].end = entry.date
        if attempts[last].waitStart != nil, attempts[last].start < entry.date {
          attempts[last].start = entry.date
        }
      }
    case .yielded:
      attempts[last].yields.append(entry.date)
    case .succeeded:
      end = entry.date
      outcome = .succeeded
      attempts[last].end = entry.date
      attempts[last].sent = true
    case .failed(let reason, _):
      end = entry.date
      let text = reason.description(limit: 300)
      outcome = .failed(text)
      if attempts[last].end == nil {
        attempts[last].end = entry.date
        attempts[last].failure = text
        attempts[last].sent = true
      }
    case .cancelled(_, let reverted):
      end = entry.date
      outcome = .cancelled(reverted: reverted)
      if attempts[last].end == nil {
        attempts[last].end = entry.date
        attempts[last].cancelled = true
      }
    case .invalidated, .reset, .valueSet:
      break
    }
  }

  func rows(requests: [NetworkRecord], now: Date, theme: DevtoolsTheme) -> [RunTimeline.Row] {
    var rows: [RunTimeline.Row] = []
    let label = "run \(id)" + (trigger.map { " \($0.rawValue)" } ?? "")
    let runStyle: Style
    var markers: [TimelineMarker] = []
    let summary: String
    let attemptsText = "\(attempts.count) attempt\(attempts.count == 1 ? "" : "s")"
    switch outcome {
    case .succeeded:
      runStyle = theme.success
      markers.append(.success(at: end!))
      summary = "succeeded in \(StoreColumns.durationText(end!.duration(since: start)))"
    case .failed(let reason):
      runStyle = theme.failure
      markers.append(.failure(at: end!))
      summary = "failed after \(attemptsText): \(reason)"
    case .cancelled(let reverted):
      runStyle = theme.muted
      summary =
        "cancelled after \(StoreColumns.durationText(end!.duration(since: start)))"
        + (reverted ? ", reverted" : "")
    case nil:
      runStyle = theme.running
      summary = "running, attempt \(attempts.count)"
    }
    let detail: String
    switch outcome {
    case .succeeded: detail = "✔ " + StoreColumns.durationText(end!.duration(since: start))
    case .failed: detail = "✖ \(attemptsText)"
    case .cancelled: detail = "cancelled"
    case nil: detail = "attempt \(attempts.count)"
    }
    var description = "\(label) · started \(StoreColumns.preciseTime(start)) · \(summary)"
    if let input { description += " · input \(input.description(limit: 200))" }
    rows.append(
      RunTimeline.Row(
        timeline: TimelineRow(
          label, spans: [TimelineSpan(from: start, to: end, style: runStyle, fill: "━")],
          markers: markers, detail: detail),
        description: description, run: id, start: start, end: end))
    for attempt in attempts {
      rows.append(row(for: attempt, requests: requests, now: now, theme: theme))
    }
    return rows
  }

  private func row(
    for attempt: Attempt, requests: [NetworkRecord], now: Date, theme: DevtoolsTheme
  ) -> RunTimeline.Row {
    var spans: [TimelineSpan] = []
    var markers: [TimelineMarker] = []
    if let waitStart = attempt.waitStart {
      // The wait is known in advance: drawn to the attempt's due date, ahead of now.
      let waitEnd = min(attempt.start, end ?? attempt.start)
      spans.append(TimelineSpan(from: waitStart, to: waitEnd, style: theme.muted, fill: "░"))
    }
    let started = attempt.sent
    if started {
      let isLast = attempt.number == attempts.last?.number
      let workEnd = attempt.end ?? (isLast ? end : attempt.start)
      spans.append(
        TimelineSpan(
          from: attempt.start, to: workEnd,
          style: attempt.failure != nil ? theme.failure : theme.accent))
    }
    for pause in attempt.pauses {
      spans.append(TimelineSpan(from: pause.start, to: pause.end, style: theme.fault, fill: "▒"))
    }
    if attempt.failure != nil, let end = attempt.end { markers.append(.failure(at: end)) }
    for date in attempt.yields { markers.append(.yield(at: date)) }
    // The attempt's last request is the one that ended it: a paginated run's attempt sends
    // its pages one after the other, and the first ones may have succeeded.
    let request = requests.last { record in
      guard let origin = record.origin, origin.attempt == attempt.number else { return false }
      if let run = origin.run { return run == id }
      return record.startDate >= attempt.start.addingTimeInterval(-0.001)
        && record.startDate <= (attempt.end ?? now)
    }
    var detail: String
    var description = "attempt \(attempt.number) of run \(id)"
    let backoff = attempt.waitStart.map {
      " of a \(StoreColumns.durationText(attempt.start.duration(since: $0))) backoff"
    }
    if !started, let ended = attempt.end {
      // The run ended during the wait: this attempt was never sent.
      let waited = attempt.waitStart.map { ended.duration(since: $0) } ?? .zero
      detail = attempt.cancelled ? "cancelled" : "not sent"
      description +=
        " · never sent: the run was \(attempt.cancelled ? "cancelled" : "ended") after waiting "
        + StoreColumns.durationText(waited) + (backoff ?? "")
    } else if !started, attempt.start > now {
      let left = attempt.start.timeIntervalSince(now)
      detail = "in " + StoreColumns.durationText(.seconds(left))
      description +=
        " · waits until \(StoreColumns.preciseTime(attempt.start)) (\(detail))"
        + (attempt.waitStart.map {
          " after a backoff of \(StoreColumns.durationText(attempt.start.duration(since: $0)))"
        } ?? "")
    } else if !started {
      let paused = attempt.pauses.last.map { $0.end == nil } ?? false
      detail = paused ? "paused" : "due"
      description +=
        " · due since \(StoreColumns.preciseTime(attempt.start)), not sent yet"
        + (paused ? " (paused: \(attempt.pauses.last!.reason))" : "")
    } else {
      let took = (attempt.end ?? now).duration(since: attempt.start)
      description += " · started \(StoreColumns.preciseTime(attempt.start))"
      if let waitStart = attempt.waitStart {
        description +=
          " after waiting \(StoreColumns.durationText(attempt.start.duration(since: waitStart)))"
      }
      if let failure = attempt.failure {
        detail = "✖ " + StoreColumns.durationText(took)
        description += " · failed after \(StoreColumns.durationText(took)): \(failure)"
      } else if attempt.cancelled {
        detail = "cancelled"
        description += " · cancelled after \(StoreColumns.durationText(took))"
      } else if attempt.end != nil {
        detail = StoreColumns.durationText(took)
        description += " · ended after \(StoreColumns.durationText(took))"
      } else {
        detail = "running"
        description += " · running for \(StoreColumns.durationText(took))"
      }
    }
    if !attempt.pauses.isEmpty {
      description += " · paused: " + attempt.pauses.map(\.reason).joined(separator: ", ")
    }
    if let request {
      let outcome = request.isInFlight ? "in flight" : request.statusText
      description += " · \(request.method) \(request.target) → \(outcome)"
      if request.status != nil { detail = request.statusText + " " + detail }
      if let fault = request.injectedFault { description += " · injected by the \(fault)" }
    }
    return RunTimeline.Row(
      timeline: TimelineRow(
        "  attempt \(attempt.number)", spans: spans, markers: markers, detail: detail),
      description: description, run: id, start: attempt.waitStart ?? attempt.start,
      end: attempt.end)
  }
}

import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

/// Every HTTP request in order — method, path, status, duration, bytes, attempt and the store
/// that caused it — filtered by text or outcome; Enter shows a request's headers and the first
/// bytes of its body, credentials redacted.
///
/// ```
/// #   Time      Method Path                 Status Duration  Bytes Try Store
/// 12  12:03:05  GET    /posts/5                503   120 ms     85   2 post · 5
/// 13  12:03:06  GET    /posts/5                200    80 ms    912   3 post · 5
/// ```
public struct NetworkLogView: StatefulWidget {
  public var log: NetworkLog
  public var isFocused: Bool
  /// The colours it is drawn in.
  public var theme = DevtoolsTheme()

  /// The view of `log`; `isFocused` draws it as having focus.
  public init(_ log: NetworkLog, isFocused: Bool = true) {
    self.log = log
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout NetworkLogState) {
    guard !rect.isEmpty else { return }
    state.update(log)
    if let id = state.openID {
      renderDetail(of: log.record(id), in: rect, into: &frame, state: &state)
      return
    }
    let showsFilter = state.filter.isEditing || state.filter.isActive || state.statusFilter != .all
    let parts = rect.rows([.fill, .fixed(showsFilter ? 1 : 0)])
    let wide = rect.width >= 100
    var columns = [TableColumn("#", width: .fixed(5), alignment: .trailing)]
    if wide { columns.append(TableColumn("Time", width: .fixed(8))) }
    columns += [
      TableColumn("Method", width: .fixed(6)), TableColumn("Path", width: .fill(3)),
      TableColumn("Status", width: .fixed(10), alignment: .trailing),
      TableColumn("Duration", width: .fixed(8), alignment: .trailing),
    ]
    if wide { columns.append(TableColumn("Bytes", width: .fixed(7), alignment: .trailing)) }
    columns += [
      TableColumn("Try", width: .fixed(3), alignment: .trailing),
      TableColumn("Store", width: .fill(2)),
    ]
    let shown = state.shown
    let now = frame.now
    var inFlight = false
    Table(
      columns: columns, count: shown.count, isFocused: isFocused,
      emptyMessage: log.records.isEmpty ? "No requests yet" : "No request matches"
    ) { index in
      let record = shown[index]
      if record.isInFlight { inFlight = true }
      var cells = [Segment("\(record.id)")]
      if wide { cells.append(Segment(StoreColumns.clockTime(record.startDate))) }
      let duration =
        record.duration.map(StoreColumns.durationText)
        ?? StoreColumns.durationText(now.duration(since: record.startDate))
      cells += [
        Segment(record.method), Segment(record.target),
        Segment(record.statusText, style: style(of: record)),
        Segment(duration, style: record.isInFlight ? theme.running : nil),
      ]
      if wide { cells.append(Segment(record.bytes.map { "\($0)" } ?? "–")) }
      cells += [
        Segment(record.origin.map { "\($0.attempt)" } ?? "–"),
        Segment(record.origin?.path.label ?? ""),
      ]
      return TableRow(cells)
    }.render(in: parts[0], into: &frame, state: &state.selection.list)
    if inFlight { frame.redraw(after: .milliseconds(250)) }
    guard showsFilter else { return }
    state.filter.render(
      in: parts[1], into: &frame, placeholder: "filter by method, path, status, store",
      note: "t \(state.statusFilter.rawValue)", noteStyle: theme.secondary)
  }

  func style(of record: NetworkRecord) -> Style? {
    if record.isInFlight { return theme.running }
    if record.isCancelled { return theme.muted }
    if record.injectedFault != nil { return theme.fault.adding(.bold) }
    if record.isFailure { return theme.failure }
    return theme.success
  }

  private func renderDetail(
    of record: NetworkRecord?, in rect: Rect, into frame: inout Frame,
    state: inout NetworkLogState
  ) {
    guard let record else {
      frame.write(
        "This request fell off the log.", at: Point(x: rect.minX, y: rect.minY),
        style: theme.secondary,
        clip: rect)
      return
    }
    let lines = detailLines(of: record, now: frame.now, width: max(1, rect.width - 1))
    ScrollView(contentHeight: lines.count) { area, content in
      for (index, line) in lines.enumerated() {
        content.write(
          line.text, at: Point(x: area.minX, y: area.minY + index), style: line.style, clip: area)
      }
    }.render(in: rect, into: &frame, state: &state.detailScroll)
  }

  /// A body as text: a whole JSON body pretty-printed, one member a line; anything else (a
  /// body cut short, not JSON) as it came.
  static func bodyText(_ body: Data, isWhole: Bool) -> String {
    if isWhole, let first = body.first(where: { !" \n\r\t".utf8.contains($0) }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
      let value = try? JSONValue(parsing: body)
    {
      return String(decoding: JSONWriter.bytes(of: value, style: .pretty), as: UTF8.self)
    }
    return String(decoding: body, as: UTF8.self)
  }

  /// The detail of a request as lines: request, origin, outcome, headers, body excerpt.
  func detailLines(of record: NetworkRecord, now: Date, width: Int) -> [(
    text: String, style: Style
  )] {
    var lines: [(String, Style)] = []
    func add(_ text: String, _ style: Style = .plain, indent: Int = 0) {
      let pad = String(repeating: " ", count: indent)
      for line in TextLayout.wrap(text, toWidth: max(1, width - indent)) {
        lines.append((pad + line, style))
      }
    }
    add("\(record.method) \(record.url)", .bold)
    if let origin = record.origin {
      add(
        "caused by \(origin.path.label)" + (origin.run.map { " run \($0)" } ?? "")
          + " · attempt \(origin.attempt)")
    }
    var outcome = "started \(StoreColumns.preciseTime(record.startDate))"
    if let duration = record.duration {
      outcome +=
        record.isCancelled
        ? " · cancelled after \(StoreColumns.durationText(duration)), before an answer came"
        : " · took \(StoreColumns.durationText(duration))"
    } else {
      outcome +=
        " · in flight for \(StoreColumns.durationText(now.duration(since: record.startDate)))"
    }
    if let status = record.status { outcome += " · status \(status)" }
    if let bytes = record.bytes { outcome += " · \(bytes) bytes" }
    add(outcome)
    if let fault = record.injectedFault {
      add("fault injected by \(fault)", theme.fault.adding(.bold))
    }
    if let failure = record.failure { add("failed: \(failure)", theme.failure) }
    lines.append(("", .plain))
    add("Request headers", .bold)
    if record.requestHeaders.isEmpty { add("none", theme.secondary, indent: 2) }
    for header in record.requestHeaders { add("\(header.name): \(header.value)", indent: 2) }
    if !record.requestBody.isEmpty {
      lines.append(("", .plain))
      add("Request body (\(record.requestBody.count) bytes)", .bold)
      add(String(decoding: record.requestBody, as: UTF8.self), indent: 2)
    }
    lines.append(("", .plain))
    add("Response headers", .bold)
    if record.responseHeaders.isEmpty {
      add(record.isInFlight ? "not yet" : "none", theme.secondary, indent: 2)
    }
    for header in record.responseHeaders { add("\(header.name): \(header.value)", indent: 2) }
    lines.append(("", .plain))
    let shownBytes = record.bodyPrefix.count
    let total = record.bytes ?? shownBytes
    add(
      shownBytes < total ? "Body (first \(shownBytes) of \(total) bytes)" : "Body (\(total) bytes)",
      .bold)
    if record.bodyPrefix.isEmpty {
      add("empty", theme.secondary, indent: 2)
    } else {
      let text = Redaction.standard.body(
        Self.bodyText(record.bodyPrefix, isWhole: shownBytes >= total))
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        // Wrapping trims the start of a line: its indentation goes into the indent.
        let depth = line.prefix { $0 == " " }.count
        add(String(line.dropFirst(depth)), indent: 2 + depth)
      }
    }
    return lines
  }
}

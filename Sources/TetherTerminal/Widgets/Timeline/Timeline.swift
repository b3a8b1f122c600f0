import Foundation

/// A waterfall: rows of time spans on one shared time axis, labelled on the left, with
/// markers for instants (a failure, a yield) and a "now" edge that live spans reach. The scale
/// fits the rectangle: from the earliest start to the latest end (or now, while something is
/// live), with round ticks above. While a span is live the timeline asks for frames as time
/// passes, so it grows as you watch; finished timelines cost nothing.
///
/// ```
///                0         1 s       2 s       3 s     now
/// run 1          ███✖░░░░░░░░░███✖░░░░░░░░░░░░░░░░░░███▶   2 of 4 failed
/// ```
///
/// ```swift
/// Timeline(rows: [
///   TimelineRow("attempt 1", spans: [TimelineSpan(from: t0, to: t1)], markers: [.failure(at: t1)]),
///   TimelineRow("backoff", spans: [TimelineSpan(from: t1, to: t2, style: .dim, fill: "░")]),
///   TimelineRow("attempt 2", spans: [TimelineSpan(from: t2, to: nil)]),
/// ]).render(in: area, into: &frame, state: &runList)
/// ```
public struct Timeline: StatefulWidget, Sendable {
  public var rows: [TimelineRow]
  /// The range shown; nil fits the rows (and now, while a span is live).
  public var range: ClosedRange<Date>?
  /// Columns for the labels; nil takes the longest label, up to a third of the width.
  public var labelWidth: Int?
  public var isFocused: Bool
  public var selectedStyle: Style
  public var unfocusedSelectedStyle: Style
  public var axisStyle: Style
  /// Shown dim when there are no rows.
  public var emptyMessage: String?

  /// A timeline of `rows` on a time axis over `range` (fitted to the rows when nil).
  public init(
    rows: [TimelineRow], range: ClosedRange<Date>? = nil, labelWidth: Int? = nil,
    isFocused: Bool = true, selectedStyle: Style = .reverse, unfocusedSelectedStyle: Style = .bold,
    axisStyle: Style = .dim, emptyMessage: String? = nil
  ) {
    self.rows = rows
    self.range = range
    self.labelWidth = labelWidth
    self.isFocused = isFocused
    self.selectedStyle = selectedStyle
    self.unfocusedSelectedStyle = unfocusedSelectedStyle
    self.axisStyle = axisStyle
    self.emptyMessage = emptyMessage
  }

  /// Whether some span is still going.
  public var isLive: Bool { rows.contains { $0.spans.contains(where: \.isLive) } }

  /// The range the timeline shows at `now`.
  public func shownRange(at now: Date) -> ClosedRange<Date> {
    if let range { return range }
    let starts = rows.flatMap { $0.spans.map(\.start) + $0.markers.map(\.date) }
    let ends = rows.flatMap { $0.spans.map { $0.end ?? now } + $0.markers.map(\.date) }
    let lower = starts.min() ?? now
    let upper = max(ends.max() ?? now, lower)
    return lower...upper
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ListState) {
    guard rect.height >= 2, rect.width >= 8 else { return }
    let now = frame.now
    let body = rect.inset(top: 1)
    let visible = state.rows(
      count: rows.count, in: body, emptyMessage: emptyMessage, into: &frame)
    guard !rows.isEmpty else { return }
    let labels =
      labelWidth ?? min(rect.width / 3, rows.map { DisplayWidth.of($0.label) }.max() ?? 0)
    let details = min(rect.width / 4, rows.compactMap { $0.detail.map(DisplayWidth.of) }.max() ?? 0)
    let barX = rect.minX + labels + (labels > 0 ? 1 : 0)
    let barWidth = rect.maxX - barX - (details > 0 ? details + 1 : 0)
    guard barWidth >= 2 else { return }
    let shown = shownRange(at: now)
    let axis = TimelineAxis(start: shown.lowerBound, end: shown.upperBound, width: barWidth)
    let live = isLive && range == nil
    renderAxis(axis, at: Point(x: barX, y: rect.minY), clip: rect.row(0), live: live, into: &frame)
    let selected = isFocused ? selectedStyle : unfocusedSelectedStyle
    for visibleRow in visible {
      let y = visibleRow.rect.minY
      let row = rows[visibleRow.index]
      let line = visibleRow.rect
      let isSelected = visibleRow.isSelected
      if isSelected { frame.fill(line, style: selected) }
      let labelStyle = isSelected ? selected : row.style ?? .plain
      frame.write(
        TextLayout.truncate(row.label, toWidth: labels), at: Point(x: rect.minX, y: y),
        style: labelStyle, clip: Rect(x: rect.minX, y: y, width: labels, height: 1))
      let bar = Rect(x: barX, y: y, width: barWidth, height: 1)
      for span in row.spans { draw(span, axis: axis, in: bar, now: now, into: &frame) }
      for marker in row.markers where shown.contains(marker.date) {
        frame.write(
          String(marker.symbol), at: Point(x: barX + axis.column(of: marker.date), y: y),
          style: marker.style, clip: bar)
      }
      if let detail = row.detail, details > 0 {
        let text = TextLayout.truncate(detail, toWidth: details)
        frame.write(
          text, at: Point(x: rect.maxX - DisplayWidth.of(text), y: y),
          style: isSelected ? selected : .dim, clip: line)
      }
    }
    if live {
      // The now edge moves a column every `secondsPerColumn`; look again then (10 fps at most).
      let interval = max(0.1, min(1, axis.secondsPerColumn))
      frame.redraw(after: .milliseconds(Int(interval * 1000)))
    }
  }

  private func renderAxis(
    _ axis: TimelineAxis, at origin: Point, clip: Rect, live: Bool, into frame: inout Frame
  ) {
    var nextFree = origin.x
    for tick in axis.ticks() {
      let x = origin.x + tick.column
      guard x >= nextFree, x + DisplayWidth.of(tick.label) <= origin.x + axis.width else {
        continue
      }
      nextFree =
        frame.write(tick.label, at: Point(x: x, y: origin.y), style: axisStyle, clip: clip) + 1
    }
    if live {
      let x = origin.x + axis.width - 3
      if x >= nextFree {
        frame.write("now", at: Point(x: x, y: origin.y), style: axisStyle.adding(.bold), clip: clip)
      }
    }
  }

  private func draw(
    _ span: TimelineSpan, axis: TimelineAxis, in bar: Rect, now: Date, into frame: inout Frame
  ) {
    let first = axis.column(of: span.start)
    let end = max(first + 1, axis.endColumn(of: span.end ?? now))
    let fill = String(span.fill)
    for column in first..<min(end, axis.width) {
      frame.write(fill, at: Point(x: bar.minX + column, y: bar.minY), style: span.style, clip: bar)
    }
    if span.isLive {
      frame.write(
        "▶", at: Point(x: bar.minX + min(end, axis.width) - 1, y: bar.minY), style: span.style,
        clip: bar)
    }
    if let label = span.label, end - first >= DisplayWidth.of(label) + 2 {
      var style = span.style
      if style.foreground == .terminalDefault {
        style.attributes.insert(.reverse)
      } else {
        style.background = style.foreground
        style.foreground = .black
      }
      frame.write(label, at: Point(x: bar.minX + first + 1, y: bar.minY), style: style, clip: bar)
    }
  }
}

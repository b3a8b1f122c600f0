import Foundation
import TetherCore
import TetherTerminal

/// The store view: a header with the count of stores in each state (each a filter when
/// selected), the path filter, and every store of the client as a tree grouped by path
/// prefix — queries, then mutations with their attempts — each row with its label in colour,
/// subscribers, runs, failures and the time of its last update.
///
/// ```
/// ↻ 1  ↺ 0  ‖ 0  ◷ 3  ● 5  ○ 2  ✖ 1       sort path ▲
/// ▾ Queries · 12
/// ├─▾ post                                          9
/// │ ├── 248  ◀ post     fresh     1 sub   2 runs      12:03:05
/// │ └── 251             inactive  0 sub   1 run       12:02:58
/// └─▾ posts · feed  ◀ feed  stale  1 sub   4 runs  ✖2  12:03:01
/// ▾ Mutations · 1
/// └─▾ posts · add       success   1 attempt          12:03:04
///   └── #1 PostDraft(title: "Hello", …) → Post(id: 252, …)  succeeded 12:03:04  320 ms
/// ```
public struct StoreBrowser: StatefulWidget {
  public var catalog: StoreCatalog
  /// Rows to mark, with their mark: the stores behind what the app's panels show.
  public var marks: [OperationPath: String]
  public var isFocused: Bool
  /// The colours of the labels.
  public var theme = DevtoolsTheme()

  /// The store view of `catalog`; `marks` label stores by path, and `isFocused` draws it as
  /// having focus.
  public init(catalog: StoreCatalog, marks: [OperationPath: String] = [:], isFocused: Bool = true) {
    self.catalog = catalog
    self.marks = marks
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout StoreBrowserState) {
    guard rect.height >= 2, rect.width >= 10 else { return }
    let showsFilter = state.filter.isEditing || state.filter.isActive
    let parts = rect.rows([.fixed(1), .fixed(showsFilter ? 1 : 0), .fill])
    // The detail column of a row may take half of it, less the tree's guides.
    let detailWidth = max(8, parts[2].width / 2)
    state.update(
      catalog: catalog, marks: marks, detailWidth: detailWidth, now: frame.now, theme: theme)
    renderHeader(in: parts[0], into: &frame, state: &state)
    if showsFilter {
      state.filter.render(in: parts[1], into: &frame, placeholder: "filter by path")
    }
    let area = parts[2]
    Tree(
      roots: state.shown.roots, isFocused: isFocused && state.headerFocus == nil,
      emptyMessage: "No stores"
    ).render(in: area, into: &frame, state: &state.tree)
    drawColumns(in: area, into: &frame, state: state)
    colorBadges(in: area, into: &frame, state: state)
    if let next = state.shown.nextTransition { frame.redraw(at: next) }
  }

  /// Writes each drawn query row's columns — label, subscribers, runs, failures, last update
  /// — over the placeholder the tree left for them, from the store's latest record, with the
  /// label in its colour.
  private func drawColumns(in area: Rect, into frame: inout Frame, state: StoreBrowserState) {
    for y in area.minY..<area.maxY {
      guard let id = state.tree.node(at: Point(x: area.minX, y: y)) else { continue }
      if case .attempt(let path, let run) = id {
        drawCountdown(
          of: run, at: path, row: Rect(x: area.minX, y: y, width: area.width, height: 1),
          into: &frame)
        continue
      }
      guard case .store(false, let path) = id, let record = catalog.record(at: path) else {
        continue
      }
      var first: Int?
      var last = 0
      for x in area.minX..<area.maxX {
        let cell = frame.canvas[Point(x: x, y: y)]
        guard cell.text.first == StoreTree.placeholder else { continue }
        if first == nil { first = x }
        last = x
      }
      guard let first else { continue }
      let rowStyle = frame.canvas[Point(x: first, y: y)].style
      let room = last - first + 1
      let status = record.status(at: frame.now)
      let text = StoreColumns.detail(
        for: record, status: status.rawValue, width: room, now: frame.now)
      if let retry = record.snapshot.retryProgress, retry.nextAttemptStartDate == nil,
        record.snapshot.fetchStatus == .fetching
      {
        // The countdown ticks by tenths.
        let countdown = Countdown(until: retry.nextAttemptDate)
        let tenths = countdown.tenthsLeft(at: frame.now)
        if tenths > 0 {
          frame.redraw(at: retry.nextAttemptDate.addingTimeInterval(-Double(tenths - 1) / 10))
        }
      }
      let cells = Rect(x: first, y: y, width: room, height: 1)
      frame.write(
        String(repeating: " ", count: room), at: Point(x: first, y: y), style: rowStyle, clip: cells
      )
      let start = first + room - DisplayWidth.of(text)
      frame.write(text, at: Point(x: start, y: y), style: rowStyle, clip: cells)
      guard id != state.tree.selection || !isFocused else { continue }
      let label = Rect(x: start, y: y, width: DisplayWidth.of(status.rawValue), height: 1)
      frame.canvas.restyle(label.intersection(cells)) { style in
        style.foreground = theme.style(for: status).foreground
        style.attributes.insert(.bold)
        style.attributes.remove(.dim)
      }
    }
  }

  /// Writes the countdown of a mutation's attempt waiting out a retry's backoff over the
  /// placeholder the tree left for it, and asks for the frame of its next tenth.
  private func drawCountdown(
    of run: OperationRunID, at path: OperationPath, row: Rect, into frame: inout Frame
  ) {
    var first: Int?
    var last = 0
    for x in row.minX..<row.maxX
    where frame.canvas[Point(x: x, y: row.minY)].text.first == StoreTree.placeholder {
      if first == nil { first = x }
      last = x
    }
    guard let first, let record = catalog.record(at: path, mutation: true),
      let attempt = record.attempts.last(where: { $0.id == run })
    else { return }
    let phase = record.phase(of: attempt)
    let room = last - first + 1
    let text = StoreColumns.attemptDetail(
      attempt, phase: phase, of: record, now: frame.now, width: room)
    let style = frame.canvas[Point(x: first, y: row.minY)].style
    let cells = Rect(x: first, y: row.minY, width: room, height: 1)
    frame.write(
      String(repeating: " ", count: room), at: Point(x: first, y: row.minY), style: style,
      clip: cells)
    frame.write(
      text, at: Point(x: first + room - DisplayWidth.of(text), y: row.minY), style: style,
      clip: cells)
    if case .waiting(_, _, let date) = phase {
      let tenths = Countdown(until: date).tenthsLeft(at: frame.now)
      if tenths > 0 { frame.redraw(at: date.addingTimeInterval(-Double(tenths - 1) / 10)) }
    }
  }

  /// Colours the label at the start of each drawn row's detail.
  private func colorBadges(in area: Rect, into frame: inout Frame, state: StoreBrowserState) {
    let detailWidth = max(8, area.width / 2)
    for y in area.minY..<area.maxY {
      guard let id = state.tree.node(at: Point(x: area.minX, y: y)),
        let badge = state.shown.badges[id], id != state.tree.selection || !isFocused
      else { continue }
      // The detail is right-aligned; its width is what the columns took.
      let row = Rect(x: area.minX, y: y, width: area.width, height: 1)
      guard let x = detailStart(in: row, frame: frame, maximum: detailWidth, badge: badge.text)
      else { continue }
      let cells = Rect(x: x, y: y, width: DisplayWidth.of(badge.text), height: 1)
      frame.canvas.restyle(cells) { style in
        style.foreground = badge.style.foreground
        style.attributes.insert(.bold)
        style.attributes.remove(.dim)
      }
    }
  }

  /// Where the detail's label starts in `row`: the first occurrence of the label within the
  /// detail's half of the row.
  private func detailStart(in row: Rect, frame: Frame, maximum: Int, badge: String) -> Int? {
    let start = row.maxX - maximum
    var text = ""
    var columns: [Int] = []
    for x in max(row.minX, start)..<row.maxX {
      let cell = frame.canvas[Point(x: x, y: row.minY)]
      if cell.isContinuation { continue }
      text += cell.text
      for _ in cell.text { columns.append(x) }
    }
    guard let range = text.range(of: badge + " ") ?? text.range(of: badge) else { return nil }
    let offset = text.distance(from: text.startIndex, to: range.lowerBound)
    return offset < columns.count ? columns[offset] : nil
  }

  private func renderHeader(in row: Rect, into frame: inout Frame, state: inout StoreBrowserState) {
    state.headerHits.removeAll()
    let counts = state.shown.counts
    let sortText = "sort \(state.sort.label)"
    let sortWidth = DisplayWidth.of(sortText)
    let usesWords = row.width >= 78
    var x = row.minX
    let focused = isFocused ? state.headerFocus : nil
    for status in StoreStatus.allCases {
      let count = counts[status] ?? 0
      let text = usesWords ? "\(status.rawValue) \(count)" : "\(Self.symbol(for: status)) \(count)"
      let width = DisplayWidth.of(text)
      guard x + width <= row.maxX - sortWidth - 1 else { break }
      var style = count > 0 ? theme.style(for: status) : theme.faint(theme.style(for: status))
      if state.statusFilter == status { style = style.adding(.reverse) }
      if focused == .chip(status) { style = style.adding([.reverse, .underline]) }
      frame.write(text, at: Point(x: x, y: row.minY), style: style, clip: row)
      state.headerHits.add(.chip(status), Rect(x: x, y: row.minY, width: width, height: 1))
      x += width + 2
    }
    let sortStyle = focused == .sort ? Style.reverse : theme.secondary
    frame.write(
      sortText, at: Point(x: row.maxX - sortWidth, y: row.minY), style: sortStyle, clip: row)
    state.headerHits.add(
      .sort, Rect(x: row.maxX - sortWidth, y: row.minY, width: sortWidth, height: 1))
  }

  /// The one-column symbol of a label, for narrow headers.
  static func symbol(for status: StoreStatus) -> String {
    switch status {
    case .fetching: "↻"
    case .retrying: "↺"
    case .paused: "‖"
    case .stale: "◷"
    case .fresh: "●"
    case .inactive: "○"
    case .error: "✖"
    }
  }
}

import Foundation
import TetherTerminal

/// `tether-bench render`: the cost of drawing and diffing a frame — a 100,000-row list, a
/// 10,000-node tree, a 10,000-row table — and what a one-row move of a selection changes on
/// screen and on the wire.
enum RenderSuite {
  static let size = Size(width: 200, height: 60)
  static let rowCount = 100_000
  static let epoch = Date(timeIntervalSinceReferenceDate: 0)

  static func run() async throws {
    Harness.heading("render: 200×60 frame of a 100,000-row list")
    let titles = (0..<rowCount).map { "Post #\($0): a title of a typical length for the feed" }
    await measureFrames(titles)
    try await measureOneRowMove(titles)
    Harness.heading("render: 200×60 frame of a 10,000-node tree (100 groups of 99, all unfolded)")
    await measureTree(titles)
    Harness.heading("render: 200×60 frame of a 10,000-row table (5 columns)")
    await measureTable(titles)
  }

  /// The screen every list scenario draws: a bordered list over the whole frame.
  static func drawListScreen(_ titles: [String], state: inout ListState, into frame: inout Frame) {
    let border = Border(title: "Feed")
    border.render(in: frame.bounds, into: &frame)
    ListView(count: titles.count) { ListItem(titles[$0]) }
      .render(in: border.inner(of: frame.bounds), into: &frame, state: &state)
  }

  /// The same visible text written straight into the canvas with a plain loop, no widgets.
  static func drawPlainRows(_ titles: [String], first: Int, into canvas: inout Canvas) {
    for row in 0..<(size.height - 2) {
      canvas.write("  " + titles[first + row], at: Point(x: 1, y: row + 1))
    }
  }

  /// Draws `frames` frames with `draw`, diffing each against the previous one.
  static func frames(_ frames: Int, _ draw: (Int, inout Frame) -> Void) {
    var previous = Canvas(size: size)
    var canvas = Canvas(size: size)
    var changed = 0
    for index in 0..<frames {
      canvas.reset(to: size)
      var frame = Frame(canvas: canvas, now: epoch)
      draw(index, &frame)
      canvas = frame.canvas
      canvas.forEachChange(from: previous) { _, _ in changed += 1 }
      swap(&canvas, &previous)
    }
    precondition(changed > 0)
  }

  /// The plain-writes baseline for `frames` frames.
  @concurrent
  static func plainBaseline(_ titles: [String], frames count: Int) async -> Harness.Sample {
    await Harness.best(iterations: count) {
      var previous = Canvas(size: size)
      var canvas = Canvas(size: size)
      var changed = 0
      for index in 0..<count {
        canvas.reset(to: size)
        drawPlainRows(titles, first: 5_000 + index % 100, into: &canvas)
        canvas.forEachChange(from: previous) { _, _ in changed += 1 }
        swap(&canvas, &previous)
      }
      precondition(changed > 0)
    }
  }

  static func verdict(_ sample: Harness.Sample, _ label: String) {
    let verdict = sample.wallPerIteration < 1e-3 ? "met" : "MISSED"
    Harness.line(label, "\(Harness.formatDuration(sample.wallPerIteration)) — \(verdict)")
  }

  @concurrent
  static func measureFrames(_ titles: [String]) async {
    let count = 2_000
    let widget = await Harness.best(iterations: count) {
      var state = ListState(selection: 50_000)
      frames(count) { index, frame in
        _ = state.handle(index % 100 < 50 ? .down : .up, count: titles.count)
        drawListScreen(titles, state: &state, into: &frame)
      }
    }
    let plain = await plainBaseline(titles, frames: count)
    Harness.compare(
      "frame: draw list screen + diff", widget, baseline: "plain row writes + diff", plain)
    verdict(widget, "frame target < 1 ms")
  }

  /// A list scrolled to the middle of its items with the selection in the middle of the view.
  static func middleState(_ titles: [String]) -> ListState {
    var state = ListState()
    var frame = Frame(size: size, now: epoch)
    drawListScreen(titles, state: &state, into: &frame)
    state.select(titles.count / 2 + 29, count: titles.count)
    state.select(titles.count / 2, count: titles.count)
    return state
  }

  @concurrent
  static func measureOneRowMove(_ titles: [String]) async throws {
    // Cells: frames on a virtual screen.
    let screen = VirtualScreen(size: size)
    var state = middleState(titles)
    /// The list screen in `canvas`, after `key` (if any) moved its selection.
    func draw(after key: Key?, into canvas: inout Canvas) {
      if let key { _ = state.handle(key, count: titles.count) }
      canvas.reset(to: size)
      var frame = Frame(canvas: canvas, now: epoch)
      drawListScreen(titles, state: &state, into: &frame)
      canvas = frame.canvas
    }
    var canvas = Canvas(size: size)
    func show(after key: Key?) -> (cells: Int, rows: Int) {
      draw(after: key, into: &canvas)
      screen.present(&canvas)
      return (screen.lastChangedCells, screen.lastChangedRows.count)
    }
    let full = show(after: nil)
    let move = show(after: .down)
    state.select(state.scroll.offset + state.scroll.viewportLength - 1, count: titles.count)
    _ = show(after: nil)
    let scroll = show(after: .down)
    Harness.line("cells changed by a one-row move", "\(move.cells) cells in \(move.rows) rows")
    Harness.line("rows changed target ≤ 2", move.rows <= 2 ? "met" : "MISSED")
    Harness.line("  for comparison: first frame", "\(full.cells) cells in \(full.rows) rows")
    Harness.line("  a move that scrolls the list", "\(scroll.cells) cells in \(scroll.rows) rows")

    // Bytes: the same frames through ncurses on a pseudo-terminal.
    let pty = try PseudoTerminal(size: size)
    let terminal = try NCursesScreen(
      inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
      options: .init(colorMode: .always, environment: [:], terminalType: "xterm-256color"))
    try terminal.start()
    _ = pty.readAvailable()
    state = middleState(titles)
    var ptyCanvas = Canvas(size: size)
    func write(after key: Key?) -> Int {
      draw(after: key, into: &ptyCanvas)
      terminal.present(&ptyCanvas)
      return pty.readAvailable().count
    }
    let fullBytes = write(after: nil)
    let moveBytes = write(after: .down)
    let unchangedBytes = write(after: nil)
    state.select(state.scroll.offset + state.scroll.viewportLength - 1, count: titles.count)
    _ = write(after: nil)
    let scrollBytes = write(after: .down)
    terminal.stop()
    Harness.line("bytes to the pty for a one-row move", "\(moveBytes) B")
    Harness.line("move bytes target < 300", moveBytes < 300 ? "met" : "MISSED")
    Harness.line("  for comparison: first frame", "\(fullBytes) B")
    Harness.line("  an unchanged frame", "\(unchangedBytes) B")
    Harness.line("  a move that scrolls the list", "\(scrollBytes) B")
  }

  /// 100 groups of 99 leaves (10,000 nodes), named like store paths.
  static func treeRoots(_ titles: [String]) -> [TreeNode<Int>] {
    (0..<100).map { group in
      TreeNode(
        group * 100, ListItem("group \(group)", detail: "99"),
        children: (1..<100).map { leaf in
          TreeNode(group * 100 + leaf, ListItem(titles[group * 100 + leaf], detail: "ok"))
        })
    }
  }

  @concurrent
  static func measureTree(_ titles: [String]) async {
    let roots = treeRoots(titles)
    let count = 1_000
    // Unfolded, with the selection in the middle of the view (as for the list).
    var middle = TreeState<Int>(selection: 5_000 + 29)
    middle.expandAll(roots)
    var setup = Frame(size: size, now: epoch)
    Tree(roots: roots).render(in: setup.bounds, into: &setup, state: &middle)
    for _ in 0..<29 { _ = middle.handle(.up, roots: roots) }
    let start = middle
    let widget = await Harness.best(iterations: count) {
      var state = start
      frames(count) { index, frame in
        _ = state.handle(index % 100 < 50 ? .down : .up, roots: roots)
        let border = Border(title: "Stores")
        border.render(in: frame.bounds, into: &frame)
        Tree(roots: roots).render(in: border.inner(of: frame.bounds), into: &frame, state: &state)
      }
    }
    let plain = await plainBaseline(titles, frames: count)
    Harness.compare("frame: key + tree + diff", widget, baseline: "plain row writes + diff", plain)
    verdict(widget, "tree frame target < 1 ms")

    let screen = VirtualScreen(size: size)
    var state = start
    var canvas = Canvas(size: size)
    func show(after key: Key?) -> Int {
      if let key { _ = state.handle(key, roots: roots) }
      canvas.reset(to: size)
      var frame = Frame(canvas: canvas, now: epoch)
      Tree(roots: roots).render(in: frame.bounds, into: &frame, state: &state)
      canvas = frame.canvas
      screen.present(&canvas)
      return screen.lastChangedRows.count
    }
    _ = show(after: nil)
    Harness.line("rows changed by a one-row move in the tree", "\(show(after: .down)) rows")
  }

  @concurrent
  static func measureTable(_ titles: [String]) async {
    let count = 2_000
    let rows = 10_000
    let columns = [
      TableColumn("#", width: .fixed(6), alignment: .trailing),
      TableColumn("Title"),
      TableColumn("Status", width: .fixed(8)),
      TableColumn("Duration", width: .fixed(10), alignment: .trailing),
      TableColumn("Bytes", width: .fixed(8), alignment: .trailing),
    ]
    let durations = (0..<rows).map { "\($0 % 997) ms" }
    let sizes = (0..<rows).map { "\($0 * 37 % 100_000)" }
    let numbers = (0..<rows).map { "\($0)" }
    let widget = await Harness.best(iterations: count) {
      var state = ListState(selection: 5_000)
      frames(count) { index, frame in
        _ = state.handle(index % 100 < 50 ? .down : .up, count: rows)
        Table(columns: columns, count: rows, sort: TableSort(column: 3, ascending: false)) { row in
          TableRow([
            Segment(numbers[row]), Segment(titles[row]), "ok", Segment(durations[row]),
            Segment(sizes[row]),
          ])
        }.render(in: frame.bounds, into: &frame, state: &state)
      }
    }
    let plain = await plainBaseline(titles, frames: count)
    Harness.compare("frame: key + table + diff", widget, baseline: "plain row writes + diff", plain)
    verdict(widget, "table frame target < 1 ms")
  }
}

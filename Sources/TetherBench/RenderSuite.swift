import Foundation
import TetherTerminal

/// `tether-bench render`: the cost of drawing and diffing a frame, and what a one-row move of a
/// list selection changes on screen and on the wire.
enum RenderSuite {
  static let size = Size(width: 200, height: 60)
  static let rowCount = 100_000

  static func run() async throws {
    Harness.heading("render: 200×60 frame of a 100,000-row list")
    let titles = (0..<rowCount).map { "Post #\($0): a title of a typical length for the feed" }
    await measureFrames(titles)
    try await measureOneRowMove(titles)
  }

  /// The screen every scenario draws: a bordered list over the whole frame.
  static func drawListScreen(_ titles: [String], state: inout ListState, into frame: inout Frame) {
    let inner = Border(title: "Feed").render(in: frame.bounds, into: &frame)
    ListView(count: titles.count) { ListItem(titles[$0]) }
      .render(in: inner, into: &frame, state: &state)
  }

  /// The same visible text written straight into the canvas with a plain loop, no widgets.
  static func drawPlainRows(_ titles: [String], first: Int, into canvas: inout Canvas) {
    for row in 0..<(size.height - 2) {
      canvas.write("  " + titles[first + row], at: Point(x: 1, y: row + 1))
    }
  }

  @concurrent
  static func measureFrames(_ titles: [String]) async {
    let frames = 2_000
    let widget = await Harness.best(iterations: frames) {
      var state = ListState(selection: 50_000)
      var previous = Canvas(size: size)
      var canvas = Canvas(size: size)
      var changed = 0
      for index in 0..<frames {
        canvas.reset(to: size)
        var frame = Frame(canvas: canvas, now: Date(timeIntervalSinceReferenceDate: 0))
        _ = state.handle(index % 100 < 50 ? .down : .up, count: titles.count)
        drawListScreen(titles, state: &state, into: &frame)
        canvas = frame.canvas
        canvas.forEachChange(from: previous) { _, _ in changed += 1 }
        swap(&canvas, &previous)
      }
      precondition(changed > 0)
    }
    let plain = await Harness.best(iterations: frames) {
      var previous = Canvas(size: size)
      var canvas = Canvas(size: size)
      var changed = 0
      for index in 0..<frames {
        canvas.reset(to: size)
        drawPlainRows(titles, first: 50_000 + index % 100, into: &canvas)
        canvas.forEachChange(from: previous) { _, _ in changed += 1 }
        swap(&canvas, &previous)
      }
      precondition(changed > 0)
    }
    Harness.compare(
      "frame: draw list screen + diff", widget, baseline: "plain row writes + diff", plain)
    let verdict = widget.wallPerIteration < 1e-3 ? "met" : "MISSED"
    Harness.line(
      "frame target < 1 ms", "\(Harness.formatDuration(widget.wallPerIteration)) — \(verdict)")
  }

  /// A list scrolled to the middle of its items with the selection in the middle of the view.
  static func middleState(_ titles: [String]) -> ListState {
    var state = ListState()
    var frame = Frame(size: size, now: Date(timeIntervalSinceReferenceDate: 0))
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
    var canvas = Canvas(size: size)
    func show(after key: Key?) -> (cells: Int, rows: Int) {
      if let key { _ = state.handle(key, count: titles.count) }
      canvas.reset(to: size)
      var frame = Frame(canvas: canvas, now: Date(timeIntervalSinceReferenceDate: 0))
      drawListScreen(titles, state: &state, into: &frame)
      canvas = frame.canvas
      screen.present(&canvas)
      return (screen.lastChangedCells, screen.lastChangedRows.count)
    }
    let full = show(after: nil)
    let move = show(after: .down)
    state.select(state.offset + state.visibleRows - 1, count: titles.count)
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
      if let key { _ = state.handle(key, count: titles.count) }
      ptyCanvas.reset(to: size)
      var frame = Frame(canvas: ptyCanvas, now: Date(timeIntervalSinceReferenceDate: 0))
      drawListScreen(titles, state: &state, into: &frame)
      ptyCanvas = frame.canvas
      terminal.present(&ptyCanvas)
      return pty.readAvailable().count
    }
    let fullBytes = write(after: nil)
    let moveBytes = write(after: .down)
    let unchangedBytes = write(after: nil)
    state.select(state.offset + state.visibleRows - 1, count: titles.count)
    _ = write(after: nil)
    let scrollBytes = write(after: .down)
    terminal.stop()
    Harness.line("bytes to the pty for a one-row move", "\(moveBytes) B")
    Harness.line("move bytes target < 300", moveBytes < 300 ? "met" : "MISSED")
    Harness.line("  for comparison: first frame", "\(fullBytes) B")
    Harness.line("  an unchanged frame", "\(unchangedBytes) B")
    Harness.line("  a move that scrolls the list", "\(scrollBytes) B")
  }
}

import Foundation

/// A screen in memory, for tests: it keeps what a terminal would show and counts what changed.
///
/// ```swift
/// let screen = VirtualScreen(size: Size(width: 40, height: 10))
/// ... loop.runUntilIdle()
/// #expect(screen.lines[0] == "Feed")
/// #expect(screen.style(at: Point(x: 0, y: 2)).attributes.contains(.reverse))
/// ```
public final class VirtualScreen: Screen {
  private var front: Canvas
  /// Frames presented so far (including frames that changed nothing).
  public private(set) var presentCount = 0
  /// Cells written by the last present.
  public private(set) var lastChangedCells = 0
  /// Rows touched by the last present.
  public private(set) var lastChangedRows: Set<Int> = []
  /// How often the app was suspended.
  public private(set) var suspendCount = 0
  public private(set) var isStarted = false
  private var needsFullRepaint = false

  /// A screen of `size` held in memory.
  public init(size: Size) {
    front = Canvas(size: size)
  }

  public var size: Size { front.size }

  /// The text of every row, trailing spaces removed.
  public var lines: [String] {
    (0..<front.size.height).map { row in text(ofRow: row) }
  }

  /// The text of one row, trailing spaces removed.
  public func text(ofRow row: Int) -> String {
    var line = front.text(ofRow: row)
    while line.last == " " { line.removeLast() }
    return line
  }

  /// All rows joined with newlines, for readable test failures.
  public var text: String { lines.joined(separator: "\n") }

  /// The cell at `point` of the last frame drawn.
  public func cell(at point: Point) -> Cell { front[point] }
  /// The style of the cell at `point` of the last frame drawn.
  public func style(at point: Point) -> Style { front[point].style }

  /// The position of the first occurrence of `text` on screen, searching row by row.
  public func find(_ text: String) -> Point? {
    for row in 0..<front.size.height {
      var line = ""
      var columns: [Int] = []
      for x in 0..<front.size.width where !front[Point(x: x, y: row)].isContinuation {
        let cell = front[Point(x: x, y: row)]
        for _ in cell.text.unicodeScalars { columns.append(x) }
        line += cell.text
      }
      if let range = line.range(of: text) {
        let offset = line.unicodeScalars.distance(
          from: line.unicodeScalars.startIndex, to: range.lowerBound)
        return Point(x: columns[offset], y: row)
      }
    }
    return nil
  }

  public func start() throws { isStarted = true }
  public func stop() { isStarted = false }

  public func present(_ canvas: inout Canvas) {
    presentCount += 1
    var changed = 0
    var rows: Set<Int> = []
    let reference = needsFullRepaint ? Canvas(size: Size(width: 0, height: 0)) : front
    needsFullRepaint = false
    canvas.forEachChange(from: reference) { point, _ in
      changed += 1
      rows.insert(point.y)
    }
    lastChangedCells = changed
    lastChangedRows = rows
    swap(&front, &canvas)
  }

  /// Changes the size as a terminal resize would; send ``Event/resize(_:)`` to the loop too.
  public func resize(to size: Size) {
    guard size != front.size else { return }
    front = Canvas(size: size)
  }

  public func invalidate() { needsFullRepaint = true }

  public func suspend() { suspendCount += 1 }
}

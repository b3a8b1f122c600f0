/// A grid of cells that an app draws a frame into.
///
/// All text enters through ``write(_:at:style:clip:)``, which sanitises it (see
/// ``TextSanitizer``), measures it per grapheme cluster (see ``DisplayWidth``) and clips it to a
/// rectangle without ever splitting a wide character: one that would cross a clip edge becomes
/// padding. A screen compares two canvases and writes only the cells that differ.
///
/// ```swift
/// var canvas = Canvas(size: Size(width: 20, height: 2))
/// let end = canvas.write("Hello ", at: Point(x: 0, y: 0))
/// canvas.write("世界", at: Point(x: end, y: 0), style: .bold)
/// ```
public struct Canvas: Sendable {
  public private(set) var size: Size
  private(set) var cells: [Cell]

  /// A canvas of blank cells.
  public init(size: Size, style: Style = .plain) {
    let size = Size(width: max(0, size.width), height: max(0, size.height))
    self.size = size
    cells = Array(repeating: .blank(style), count: size.width * size.height)
  }

  /// The whole canvas as a rectangle at the origin.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at `point`, which must lie inside the canvas.
  public subscript(point: Point) -> Cell {
    precondition(bounds.contains(point), "\(point) is outside a \(size) canvas")
    return cells[point.y * size.width + point.x]
  }

  /// Blanks every cell and adopts `size`, reusing the storage when the size is unchanged.
  public mutating func reset(to size: Size) {
    guard size == self.size else {
      self = Canvas(size: size)
      return
    }
    let blank = Cell.blank()
    cells.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices { buffer[index] = blank }
    }
  }

  /// Fills `rect` (clipped to the canvas) with spaces in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { place(.blank(style), x: x, y: y) }
    }
  }

  /// Changes the style of every cell in `rect`, keeping its text; e.g. dims what lies behind a
  /// dialog.
  public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { transform(&cells[y * size.width + x].style) }
    }
  }

  /// Writes one line of text starting at `origin`, clipped to `clip` (default: the whole canvas).
  ///
  /// The text is sanitised first, so control characters and escape sequences never reach a
  /// cell. A wide character that would cross the left or right clip edge is replaced by spaces;
  /// graphemes of width 0 are skipped.
  ///
  /// - Returns: the column after the last cell written, at most the clip's right edge.
  @discardableResult
  public mutating func write(
    _ text: String, at origin: Point, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    guard origin.y >= area.minY, origin.y < area.maxY, origin.x < area.maxX else {
      return origin.x
    }
    let safe = TextSanitizer.sanitize(text)
    if TextSanitizer.isPrintableASCII(safe) {
      return writeASCII(safe, at: origin, style: style, area: area)
    }
    var x = origin.x
    let y = origin.y
    for character in safe {
      let width = DisplayWidth.of(character)
      if width == 0 { continue }
      if x >= area.maxX { break }
      if x + width <= area.minX {
        x += width
        continue
      }
      if x < area.minX || x + width > area.maxX {
        for column in max(x, area.minX)..<min(x + width, area.maxX) {
          place(.blank(style), x: column, y: y)
        }
      } else {
        place(Cell(text: String(character), width: UInt8(width), style: style), x: x, y: y)
      }
      x += width
    }
    return min(x, area.maxX)
  }

  private mutating func writeASCII(_ text: String, at origin: Point, style: Style, area: Rect)
    -> Int
  {
    let strings = Canvas.asciiStrings
    var x = origin.x
    for byte in text.utf8 {
      if x >= area.maxX { break }
      if x >= area.minX {
        place(Cell(text: strings[Int(byte)], width: 1, style: style), x: x, y: origin.y)
      }
      x += 1
    }
    return min(x, area.maxX)
  }

  private static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

  /// Stores `cell` (width 1 or 2, fully inside the canvas) and turns any wide grapheme it
  /// partly overwrites into padding, so a row never holds half a wide character.
  mutating func place(_ cell: Cell, x: Int, y: Int) {
    let rowStart = y * size.width
    let first = rowStart + x
    let last = first + Int(cell.width) - 1
    if cells[first].isContinuation && x > 0 {
      cells[first - 1] = .blank(cells[first - 1].style)
    }
    if cells[last].width == 2 && last + 1 < rowStart + size.width {
      cells[last + 1] = .blank(cells[last + 1].style)
    }
    cells[first] = cell
    if cell.width == 2 { cells[first + 1] = .continuation(cell.style) }
  }

  /// Calls `body` for every cell that differs from `previous`, row by row; every cell when the
  /// sizes differ.
  public func forEachChange(from previous: Canvas, _ body: (Point, Cell) throws -> Void) rethrows {
    let width = size.width
    guard previous.size == size else {
      for (index, cell) in cells.enumerated() {
        try body(Point(x: index % width, y: index / width), cell)
      }
      return
    }
    try cells.withUnsafeBufferPointer { new in
      try previous.cells.withUnsafeBufferPointer { old in
        for index in new.indices where new[index] != old[index] {
          try body(Point(x: index % width, y: index / width), new[index])
        }
      }
    }
  }

  /// The text of row `y`, wide graphemes once (their continuation cells add nothing).
  func text(ofRow y: Int) -> String {
    var line = ""
    for cell in cells[(y * size.width)..<((y + 1) * size.width)] { line += cell.text }
    return line
  }
}

extension Canvas {
  /// Copies whole rows of `source` (the given range of its rows, all its columns) into this
  /// canvas with their top left at `origin`, clipped to this canvas; wide graphemes cut by
  /// the right edge become padding.
  mutating func copy(_ source: Canvas, rows: Range<Int>, to origin: Point) {
    guard !rows.isEmpty else { return }
    for (offset, sourceRow) in rows.enumerated() {
      let y = origin.y + offset
      guard y >= 0, y < size.height, sourceRow >= 0, sourceRow < source.size.height else {
        continue
      }
      for column in 0..<source.size.width {
        let x = origin.x + column
        guard x >= 0, x < size.width else { continue }
        let cell = source.cells[sourceRow * source.size.width + column]
        if cell.isContinuation { continue }
        if cell.width == 2 && x + 1 >= size.width {
          place(.blank(cell.style), x: x, y: y)
        } else {
          place(cell, x: x, y: y)
        }
      }
    }
  }
}

/// A cell position: column `x`, row `y`, both from 0 at the top left.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int

  /// The cell at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  /// A size of `width` columns by `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether this size is at least `other` in both directions.
  public func contains(_ other: Size) -> Bool {
    width >= other.width && height >= other.height
  }

  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells. Empty when its width or height is 0 or less.
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  /// The rectangle of `width` by `height` cells whose top-left cell is at (`x`, `y`).
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The rectangle of `size` whose top-left cell is `origin`.
  public init(origin: Point = Point(x: 0, y: 0), size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  public var minX: Int { x }
  public var minY: Int { y }
  /// One past the last column.
  public var maxX: Int { x + width }
  /// One past the last row.
  public var maxY: Int { y + height }
  public var size: Size { Size(width: width, height: height) }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether `point` is inside the rectangle.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The overlap of two rectangles (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle shrunk by `amount` cells on every side.
  public func inset(by amount: Int) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The rectangle shrunk by separate amounts per side.
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// A rectangle of `size` (clamped to this one) centred in this one, e.g. for dialogs.
  public func centered(_ size: Size) -> Rect {
    let width = min(size.width, self.width)
    let height = min(size.height, self.height)
    return Rect(
      x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width,
      height: height)
  }

  /// The row `index` rows below the top, one cell high.
  public func row(_ index: Int) -> Rect {
    Rect(x: x, y: y + index, width: width, height: index < height && index >= 0 ? 1 : 0)
  }
}

/// A one-line bar: segments on the left and on the right, over a background style. The right
/// segments win when space is short; the left ones are cut with "…".
///
/// ```swift
/// StatusBar(left: ["Feed", " 10 of 251"], right: [Segment("fail 25%", style: .init(foreground: .red))])
///   .render(in: bottomRow, into: &frame)
/// ```
public struct StatusBar: Widget, Sendable {
  public var left: [Segment]
  public var right: [Segment]
  public var style: Style

  /// A status bar of segments on its left and its right.
  public init(left: [Segment] = [], right: [Segment] = [], style: Style = .reverse) {
    self.left = left
    self.right = right
    self.style = style
  }

  /// The columns the left segments may take in a bar `width` wide: what the right ones leave,
  /// less the column kept between the two sides.
  public func leftRoom(inWidth width: Int) -> Int {
    width - min(width, Self.width(of: right)) - 1
  }

  /// The columns the left segments take when nothing cuts them.
  public var leftWidth: Int { Self.width(of: left) }

  /// Whether the left segments fit a bar `width` wide whole, without being cut.
  public func leftFits(inWidth width: Int) -> Bool {
    leftWidth <= leftRoom(inWidth: width)
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    frame.fill(row, style: style)
    let rightWidth = min(row.width, Self.width(of: right))
    var x = row.maxX - rightWidth
    for segment in right {
      x = frame.write(
        segment.text, at: Point(x: x, y: row.minY), style: segment.style ?? style, clip: row)
    }
    let leftArea = Rect(x: row.minX, y: row.minY, width: leftRoom(inWidth: row.width), height: 1)
    let leftText = left.map(\.text).joined()
    if DisplayWidth.of(leftText) > leftArea.width {
      frame.write(
        TextLayout.truncate(leftText, toWidth: leftArea.width), at: Point(x: row.minX, y: row.minY),
        style: style, clip: leftArea)
      return
    }
    x = row.minX
    for segment in left {
      x = frame.write(
        segment.text, at: Point(x: x, y: row.minY), style: segment.style ?? style, clip: leftArea)
    }
  }

  private static func width(of segments: [Segment]) -> Int {
    segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
  }
}

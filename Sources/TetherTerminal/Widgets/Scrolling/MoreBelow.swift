/// ` ↓ 12 more below ` on the bottom border of a box whose content is cut, so that the rest is
/// looked for; nothing when nothing is below or the box is too narrow for it.
///
/// ```swift
/// Border(title: "Post").render(in: box, into: &frame)
/// MoreBelow(count: lines.count - scroll.visibleRange.upperBound).render(in: box, into: &frame)
/// ```
public struct MoreBelow: Widget, Sendable {
  /// How many lines are below the last one shown.
  public var count: Int
  public var style: Style

  /// The mark for `count` lines below, in `style`.
  public init(count: Int, style: Style = .bold) {
    self.count = count
    self.style = style
  }

  /// Draws the mark right-aligned on the bottom row of `rect` (the box's border), inside its
  /// corners.
  public func render(in rect: Rect, into frame: inout Frame) {
    guard count > 0, rect.height > 0 else { return }
    let mark = " ↓ \(count) more below "
    let width = DisplayWidth.of(mark)
    guard width + 2 <= rect.width else { return }
    frame.write(
      mark, at: Point(x: rect.maxX - 1 - width, y: rect.maxY - 1), style: style, clip: rect)
  }
}

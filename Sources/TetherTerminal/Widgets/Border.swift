/// A box drawn with line characters around a rectangle, with an optional title in the top edge.
///
/// ```swift
/// let border = Border(title: "Feed", style: focused ? .bold : .dim)
/// border.render(in: area, into: &frame)
/// ListView(...).render(in: border.inner(of: area), into: &frame, state: &feedState)
/// ```
public struct Border: Widget, Sendable {
  public var title: String?
  public var style: Style
  public var titleStyle: Style?

  /// A box-drawn border with an optional title in its top edge.
  public init(title: String? = nil, style: Style = .plain, titleStyle: Style? = nil) {
    self.title = title
    self.style = style
    self.titleStyle = titleStyle
  }

  /// The rectangle inside a border drawn around `rect` (empty when `rect` is too small for
  /// one).
  public func inner(of rect: Rect) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else {
      return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
    return rect.inset(by: 1)
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    frame.write("┌" + horizontal + "┐", at: Point(x: rect.minX, y: rect.minY), style: style)
    frame.write("└" + horizontal + "┘", at: Point(x: rect.minX, y: rect.maxY - 1), style: style)
    for y in (rect.minY + 1)..<(rect.maxY - 1) {
      frame.write("│", at: Point(x: rect.minX, y: y), style: style)
      frame.write("│", at: Point(x: rect.maxX - 1, y: y), style: style)
    }
    if let title, rect.width > 4 {
      let label = TextLayout.truncate(title, toWidth: rect.width - 4)
      frame.write(
        " " + label + " ", at: Point(x: rect.minX + 1, y: rect.minY),
        style: titleStyle ?? style.adding(.bold))
    }
  }
}

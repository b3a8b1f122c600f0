/// A box drawn with line characters around a rectangle, with an optional title in the top edge.
///
/// ```swift
/// let inner = Border(title: "Feed", style: focused ? .bold : .dim).render(in: area, into: &frame)
/// ListView(...).render(in: inner, into: &frame, state: &feedState)
/// ```
public struct Border: Sendable {
  public var title: String?
  public var style: Style
  public var titleStyle: Style?

  public init(title: String? = nil, style: Style = .plain, titleStyle: Style? = nil) {
    self.title = title
    self.style = style
    self.titleStyle = titleStyle
  }

  /// Draws the border and returns the rectangle inside it.
  @discardableResult
  public func render(in rect: Rect, into frame: inout Frame) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else {
      return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
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
    return rect.inset(by: 1)
  }
}

/// Text wrapped by display width into a rectangle, from a given first line (for scrolling).
///
/// ```swift
/// Paragraph(post.body).render(in: bodyArea, into: &frame, scroll: bodyScroll)
/// ```
public struct Paragraph: Sendable {
  public var text: String
  public var style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// How many lines the text takes at `width`.
  public func lineCount(width: Int) -> Int {
    TextLayout.wrap(text, toWidth: width).count
  }

  public func render(in rect: Rect, into frame: inout Frame, scroll: Int = 0) {
    guard !rect.isEmpty else { return }
    let lines = TextLayout.wrap(text, toWidth: rect.width)
    let first = max(0, min(scroll, lines.count - 1))
    for (offset, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
      frame.write(line, at: Point(x: rect.minX, y: rect.minY + offset), style: style, clip: rect)
    }
  }
}

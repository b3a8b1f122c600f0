/// Text wrapped at word boundaries by display width into a rectangle; with a ``ScrollState``
/// it scrolls.
///
/// ```swift
/// Paragraph(post.body).render(in: bodyArea, into: &frame)                    // from the top
/// Paragraph(post.body).render(in: bodyArea, into: &frame, state: &bodyScroll) // scrolled
/// ```
public struct Paragraph: Widget, StatefulWidget, Sendable {
  public var text: String
  public var style: Style

  /// A paragraph of text, wrapped at word boundaries.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// How many lines the text takes at `width`.
  public func lineCount(width: Int) -> Int {
    TextLayout.wrap(text, toWidth: width).count
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    var top = ScrollState()
    render(in: rect, into: &frame, state: &top)
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ScrollState) {
    guard !rect.isEmpty else { return }
    let lines = TextLayout.wrap(text, toWidth: rect.width)
    state.layout(contentLength: lines.count, viewport: rect)
    for (offset, line) in lines[state.visibleRange].enumerated() {
      frame.write(line, at: Point(x: rect.minX, y: rect.minY + offset), style: style, clip: rect)
    }
  }
}

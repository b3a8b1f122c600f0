/// A vertical scrollbar for a ``ScrollState``: a dim track with a thumb whose size and
/// position show which part of the content is visible. Draws nothing when everything fits.
///
/// ```swift
/// let parts = area.columns([.fill, .fixed(1)])
/// Paragraph(text).render(in: parts[0], into: &frame, state: &scroll)
/// Scrollbar(state: scroll).render(in: parts[1], into: &frame)
/// ```
public struct Scrollbar: Widget, Sendable {
  public var state: ScrollState
  public var trackStyle: Style
  public var thumbStyle: Style

  /// A scrollbar of `state`'s position.
  public init(state: ScrollState, trackStyle: Style = .dim, thumbStyle: Style = .plain) {
    self.state = state
    self.trackStyle = trackStyle
    self.thumbStyle = thumbStyle
  }

  /// The rows of `height` the thumb covers.
  public func thumb(height: Int) -> Range<Int> {
    guard state.isScrollable, height > 0 else { return 0..<height }
    let content = state.contentLength
    let length = max(1, min(height, height * state.viewportLength / content))
    let travel = height - length
    let start =
      state.maxOffset == 0 ? 0 : (travel * state.offset + state.maxOffset / 2) / state.maxOffset
    return start..<(start + length)
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty, state.isScrollable else { return }
    let thumb = thumb(height: rect.height)
    for row in 0..<rect.height {
      let isThumb = thumb.contains(row)
      frame.write(
        isThumb ? "┃" : "│", at: Point(x: rect.minX, y: rect.minY + row),
        style: isThumb ? thumbStyle : trackStyle, clip: rect)
    }
  }
}

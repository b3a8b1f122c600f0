/// Scrolls any content taller than its rectangle, with a scrollbar on the right when it does
/// not fit: a form, a detail view, a block of widgets. The content is drawn by a closure into
/// a frame as tall as the content (`contentHeight` rows, the view's width less the
/// scrollbar), and the visible rows are copied into the view.
///
/// ```swift
/// ScrollView(contentHeight: lines.count) { content, frame in
///   for (row, line) in lines.enumerated() {
///     frame.write(line, at: Point(x: content.minX, y: content.minY + row), clip: content)
///   }
/// }.render(in: area, into: &frame, state: &detailScroll)
/// ```
///
/// Drawing costs the whole content each frame, so it suits content of hundreds of rows; for
/// long lists and trees use ``ListView``, ``Table`` or ``Tree``, which draw only visible rows.
public struct ScrollView: StatefulWidget {
  public var contentHeight: Int
  public var content: (Rect, inout Frame) -> Void

  /// A view of content `contentHeight` lines tall, drawn by `content` into a canvas of that height.
  public init(contentHeight: Int, content: @escaping (Rect, inout Frame) -> Void) {
    self.contentHeight = max(0, contentHeight)
    self.content = content
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ScrollState) {
    guard !rect.isEmpty else { return }
    let needsBar = contentHeight > rect.height
    let area = needsBar ? rect.inset(right: 1) : rect
    state.layout(contentLength: contentHeight, viewport: area)
    var offscreen = Frame(size: Size(width: area.width, height: contentHeight), now: frame.now)
    content(offscreen.bounds, &offscreen)
    frame.canvas.copy(
      offscreen.canvas,
      rows: state.offset..<min(contentHeight, state.offset + area.height),
      to: Point(x: area.minX, y: area.minY))
    if let redraw = offscreen.nextRedraw { frame.redraw(at: redraw) }
    if needsBar {
      Scrollbar(state: state).render(
        in: Rect(x: area.maxX, y: rect.minY, width: 1, height: rect.height), into: &frame)
    }
  }
}

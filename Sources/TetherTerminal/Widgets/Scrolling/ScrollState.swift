/// The one scroll position of every widget that scrolls — lists, tables, trees, text, the help
/// overlay, timelines, scroll views: the first visible line, and what the last render found
/// (how long the content is, where the viewport was).
///
/// Rendering calls ``layout(contentLength:viewport:)``, which clamps the offset to the content;
/// keys and the wheel move it between frames. Keep it in the app's view state.
///
/// ```swift
/// var body = ScrollState()
/// // render:
/// Paragraph(post.body).render(in: area, into: &frame, state: &body)
/// // handle:
/// if case .key(let key) = event, body.handle(key) { return .handled }
/// if case .mouse(let mouse) = event, body.handle(mouse) { return .handled }
/// ```
public struct ScrollState: Hashable, Sendable {
  /// The first visible line.
  public private(set) var offset: Int
  /// Lines of content at the last render.
  public private(set) var contentLength = 0
  /// Where the last render drew the scrolled lines; empty before the first render.
  public private(set) var viewport = Rect(x: 0, y: 0, width: 0, height: 0)
  /// Whether the view stays at the end as content grows while it is there (a log, a live
  /// timeline); scrolling up leaves the end, scrolling back down to it resumes following.
  public var followsEnd: Bool

  /// A scroll position `offset` lines down; `followsEnd` keeps the end in view as content grows, as
  /// a log does.
  public init(offset: Int = 0, followsEnd: Bool = false) {
    self.offset = max(0, offset)
    self.followsEnd = followsEnd
  }

  /// Visible lines at the last render (at least 1).
  public var viewportLength: Int { max(1, viewport.height) }
  /// The largest offset that still fills the viewport.
  public var maxOffset: Int { max(0, contentLength - viewportLength) }
  /// The lines visible at the last render.
  public var visibleRange: Range<Int> { offset..<min(contentLength, offset + viewportLength) }
  /// Whether the last line is visible.
  public var isAtEnd: Bool { offset >= maxOffset }
  /// Whether there is more content than fits (a scrollbar is worth showing).
  public var isScrollable: Bool { contentLength > viewportLength }
  /// Lines a page key moves: the viewport less one line of context.
  public var pageLength: Int { max(1, viewportLength - 1) }

  /// Records the content length and the viewport, and clamps the offset; widgets call it
  /// while rendering. With ``followsEnd``, a view that was at the end stays there.
  public mutating func layout(contentLength: Int, viewport: Rect) {
    let wasAtEnd = self.contentLength > 0 && isAtEnd
    self.contentLength = max(0, contentLength)
    self.viewport = viewport
    if followsEnd && (wasAtEnd || self.contentLength <= viewportLength) {
      offset = maxOffset
    }
    offset = max(0, min(offset, maxOffset))
  }

  /// Moves the offset by `lines` (negative scrolls up), within the content once it is known.
  public mutating func scroll(by lines: Int) {
    scroll(to: offset + lines)
  }

  /// Moves the offset to `line`, within the content once it is known.
  public mutating func scroll(to line: Int) {
    offset = max(0, viewport.isEmpty ? line : min(line, maxOffset))
  }

  /// Scrolls to the last page.
  public mutating func scrollToEnd() {
    scroll(to: viewport.isEmpty ? Int.max / 2 : maxOffset)
  }

  /// Scrolls just enough to show `line` (a selection, a search hit).
  public mutating func reveal(_ line: Int) {
    if line < offset {
      offset = max(0, line)
    } else if line >= offset + viewportLength {
      offset = line - viewportLength + 1
    }
  }

  /// The content line under `point`, from the last render; nil outside the viewport or past
  /// the content.
  public func line(at point: Point) -> Int? {
    guard viewport.contains(point) else { return nil }
    let line = offset + point.y - viewport.minY
    return line < contentLength ? line : nil
  }

  /// Scrolls for ↑/↓ (k/j), PgUp/PgDn (Ctrl-B/Ctrl-F), Home/End (g/G) — or whatever `keymap`
  /// binds to those actions.
  ///
  /// - Returns: whether `key` was a scrolling key.
  public mutating func handle(_ key: Key, keymap: Keymap<NavigationAction> = .scrolling) -> Bool {
    switch keymap.action(for: key) {
    case .up: scroll(by: -1)
    case .down: scroll(by: 1)
    case .pageUp: scroll(by: -pageLength)
    case .pageDown: scroll(by: pageLength)
    case .top: scroll(to: 0)
    case .bottom: scrollToEnd()
    case .expand, .collapse, .toggle, nil: return false
    }
    return true
  }

  /// Scrolls for a wheel turn over the viewport.
  ///
  /// - Returns: whether the event scrolled this view.
  public mutating func handle(_ mouse: MouseEvent) -> Bool {
    guard mouse.scrollDelta != 0, viewport.contains(mouse.position) else { return false }
    scroll(by: mouse.scrollDelta)
    return true
  }
}

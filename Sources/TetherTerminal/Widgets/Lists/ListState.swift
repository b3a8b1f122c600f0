/// What a ``ListView`` or a ``Table`` keeps between frames: the selected row and the
/// ``ScrollState`` of the rows.
///
/// Keep it in the screen's own state (not in an observed store: rendering adjusts the scroll).
public struct ListState: Hashable, Sendable {
  /// The selected item index (0 for an empty list).
  public private(set) var selection: Int
  /// The visible rows; rendering keeps the selection inside them.
  public private(set) var scroll = ScrollState()

  /// A list with row `selection` selected, scrolled to the top.
  public init(selection: Int = 0) {
    self.selection = max(0, selection)
  }

  /// Moves the selection for ↑/k, ↓/j, PgUp/PgDn, g/G and Home/End, or the keys `keymap`
  /// binds to those actions.
  ///
  /// - Returns: whether `key` was a navigation key.
  public mutating func handle(
    _ key: Key, count: Int, keymap: Keymap<NavigationAction> = .list
  ) -> Bool {
    let page = scroll.pageLength
    switch keymap.action(for: key) {
    case .up: select(selection - 1, count: count)
    case .down: select(selection + 1, count: count)
    case .pageUp: select(selection - page, count: count)
    case .pageDown: select(selection + page, count: count)
    case .top: select(0, count: count)
    case .bottom: select(count - 1, count: count)
    case .expand, .collapse, .toggle, nil: return false
    }
    return true
  }

  /// A click on a row selects it; the wheel over the list scrolls it, taking the selection
  /// along when it would leave the view.
  ///
  /// - Returns: whether the event changed the list.
  public mutating func handle(_ mouse: MouseEvent, count: Int) -> Bool {
    if mouse.isPrimaryPress, let index = index(at: mouse.position) {
      select(index, count: count)
      return true
    }
    guard mouse.scrollDelta != 0, scroll.viewport.contains(mouse.position) else { return false }
    scroll.scroll(by: mouse.scrollDelta)
    let visible = scroll.offset..<(scroll.offset + scroll.viewportLength)
    selection = max(visible.lowerBound, min(selection, visible.upperBound - 1))
    selection = max(0, min(selection, count - 1))
    return true
  }

  /// Selects `index`, clamped to the items, and scrolls just enough to show it.
  public mutating func select(_ index: Int, count: Int) {
    selection = max(0, min(index, count - 1))
    scroll.reveal(selection)
  }

  /// The item index drawn at `point` by the last render, if any.
  public func index(at point: Point) -> Int? { scroll.line(at: point) }

  /// Keeps the selection inside `count` items and visible in `viewport`; widgets call it while
  /// rendering.
  public mutating func layout(count: Int, viewport: Rect) {
    scroll.layout(contentLength: count, viewport: viewport)
    selection = max(0, min(selection, count - 1))
    scroll.reveal(selection)
  }
}

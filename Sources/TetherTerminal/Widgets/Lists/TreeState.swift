/// What a ``Tree`` keeps between frames: which nodes are unfolded, the selected node, and the
/// ``ScrollState`` of the rows.
///
/// The selection is a node identifier, not a row: it follows the node when nodes above it
/// come and go, and moves to the row it was at when its node disappears.
///
/// ```swift
/// var stores = TreeState<String>(expanded: ["post"])
/// // handle:
/// if case .key(let key) = event, stores.handle(key, roots: roots) { return .handled }
/// if case .mouse(let mouse) = event, stores.handle(mouse, roots: roots) { return .handled }
/// ```
public struct TreeState<ID: Hashable & Sendable>: Sendable {
  public private(set) var expanded: Set<ID>
  /// The selected node; the first row when nil.
  public private(set) var selection: ID?
  public private(set) var scroll = ScrollState()
  /// The row the selection was on at the last render, where it goes if its node disappears.
  private var selectedRow = 0
  /// The nodes drawn by the last render, top to bottom, and the column of their fold marker.
  private var drawn: [(id: ID, markerX: Int)] = []

  public init(expanded: Set<ID> = [], selection: ID? = nil) {
    self.expanded = expanded
    self.selection = selection
  }

  public func isExpanded(_ id: ID) -> Bool { expanded.contains(id) }

  public mutating func expand(_ id: ID) { expanded.insert(id) }
  public mutating func collapse(_ id: ID) { expanded.remove(id) }

  public mutating func toggle(_ id: ID) {
    if expanded.remove(id) == nil { expanded.insert(id) }
  }

  /// Unfolds every node under `roots` that has children.
  public mutating func expandAll(_ roots: [TreeNode<ID>]) {
    for node in roots where node.hasChildren {
      expanded.insert(node.id)
      expandAll(node.children)
    }
  }

  public mutating func collapseAll() { expanded.removeAll() }

  /// Selects `id` (its row is shown by the next render).
  public mutating func select(_ id: ID) { selection = id }

  /// Moves and folds for the ``Keymap/tree`` keys (or `keymap`'s): ↑/↓, PgUp/PgDn, g/G move;
  /// →/l unfolds (or steps into an unfolded node); ←/h folds (or steps out to the parent);
  /// Space toggles.
  ///
  /// - Returns: whether `key` did something — →/l on a leaf and ←/h on a folded root do not,
  ///   so the app can use them (e.g. to move between panels).
  public mutating func handle(
    _ key: Key, roots: [TreeNode<ID>], keymap: Keymap<NavigationAction> = .tree
  ) -> Bool {
    guard let action = keymap.action(for: key) else { return false }
    let walk = TreeWalk(roots: roots, expanded: expanded)
    let (count, found) = walk.count(locating: selection)
    guard count > 0 else { return false }
    let row = found ?? min(selectedRow, count - 1)
    let page = scroll.pageLength
    switch action {
    case .up: return select(row: row - 1, count: count, in: walk)
    case .down: return select(row: row + 1, count: count, in: walk)
    case .pageUp: return select(row: row - page, count: count, in: walk)
    case .pageDown: return select(row: row + page, count: count, in: walk)
    case .top: return select(row: 0, count: count, in: walk)
    case .bottom: return select(row: count - 1, count: count, in: walk)
    case .expand:
      guard let current = walk.node(atRow: row), current.node.hasChildren else { return false }
      if current.isExpanded { return select(row: row + 1, count: count, in: walk) }
      expanded.insert(current.node.id)
    case .collapse:
      guard let current = walk.node(atRow: row) else { return false }
      if current.isExpanded {
        expanded.remove(current.node.id)
      } else if let parent = current.parent {
        selection = parent
      } else {
        return false
      }
    case .toggle:
      guard let current = walk.node(atRow: row), current.node.hasChildren else { return false }
      toggle(current.node.id)
    }
    return true
  }

  /// A click selects the node under it (and on its fold marker also toggles it); the wheel
  /// scrolls, taking the selection along when it would leave the view.
  ///
  /// - Returns: whether the event changed the tree.
  public mutating func handle(_ mouse: MouseEvent, roots: [TreeNode<ID>]) -> Bool {
    if mouse.isPrimaryPress, let row = drawnRow(at: mouse.position) {
      let target = drawn[row]
      selection = target.id
      if mouse.position.x == target.markerX { toggle(target.id) }
      return true
    }
    guard mouse.scrollDelta != 0, scroll.viewport.contains(mouse.position) else { return false }
    scroll.scroll(by: mouse.scrollDelta)
    let walk = TreeWalk(roots: roots, expanded: expanded)
    let (count, found) = walk.count(locating: selection)
    let row = found ?? selectedRow
    let visible = scroll.offset..<(scroll.offset + scroll.viewportLength)
    let target = max(visible.lowerBound, min(row, visible.upperBound - 1))
    if target != row, let node = walk.node(atRow: min(target, count - 1)) {
      selection = node.node.id
    }
    return true
  }

  /// The node drawn at `point` by the last render, if any.
  public func node(at point: Point) -> ID? {
    drawnRow(at: point).map { drawn[$0].id }
  }

  private func drawnRow(at point: Point) -> Int? {
    guard let line = scroll.line(at: point) else { return nil }
    let row = line - scroll.offset
    return drawn.indices.contains(row) ? row : nil
  }

  private mutating func select(row: Int, count: Int, in walk: TreeWalk<ID>) -> Bool {
    let target = max(0, min(row, count - 1))
    if let node = walk.node(atRow: target) { selection = node.node.id }
    selectedRow = target
    scroll.reveal(target)
    return true
  }

  /// Settles the selection on a visible row and scrolls to it; returns that row and the count.
  mutating func layout(_ walk: TreeWalk<ID>, viewport: Rect) -> (count: Int, selected: Int) {
    let (count, found) = walk.count(locating: selection)
    scroll.layout(contentLength: count, viewport: viewport)
    guard count > 0 else {
      drawn.removeAll()
      return (0, 0)
    }
    let row = found ?? min(selectedRow, count - 1)
    if found == nil, let node = walk.node(atRow: row) { selection = node.node.id }
    selectedRow = row
    scroll.reveal(row)
    return (count, row)
  }

  mutating func recordDrawn(_ rows: [(id: ID, markerX: Int)]) { drawn = rows }
}

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
  /// The unfolded nodes.
  @inlinable public var expanded: Set<ID> { unfolded }
  /// The selected node; the first row when nil.
  @inlinable public var selection: ID? { selected }
  @inlinable public var scroll: ScrollState { rows }
  @usableFromInline var unfolded: Set<ID>
  @usableFromInline var selected: ID?
  @usableFromInline var rows = ScrollState()
  /// The row the selection was on at the last render, where it goes if its node disappears.
  @usableFromInline var selectedRow = 0
  /// The nodes drawn by the last render, top to bottom, and the column of their fold marker.
  @usableFromInline var drawn: [(id: ID, markerX: Int)] = []

  /// A tree with the nodes `expanded` unfolded and node `selection` selected.
  @inlinable
  public init(expanded: Set<ID> = [], selection: ID? = nil) {
    self.unfolded = expanded
    self.selected = selection
  }

  /// Whether node `id` is unfolded.
  @inlinable public func isExpanded(_ id: ID) -> Bool { unfolded.contains(id) }

  /// Unfolds node `id`.
  @inlinable public mutating func expand(_ id: ID) { unfolded.insert(id) }
  /// Folds node `id`.
  @inlinable public mutating func collapse(_ id: ID) { unfolded.remove(id) }

  /// Unfolds node `id` if folded, folds it otherwise.
  @inlinable
  public mutating func toggle(_ id: ID) {
    if unfolded.remove(id) == nil { unfolded.insert(id) }
  }

  /// Unfolds every node under `roots` that has children.
  @inlinable
  public mutating func expandAll(_ roots: [TreeNode<ID>]) {
    for node in roots where node.hasChildren {
      unfolded.insert(node.id)
      expandAll(node.children)
    }
  }

  /// Folds every node.
  @inlinable public mutating func collapseAll() { unfolded.removeAll() }

  /// Selects `id` (its row is shown by the next render).
  @inlinable public mutating func select(_ id: ID) { selected = id }

  /// Moves and folds for the ``Keymap/tree`` keys (or `keymap`'s): ↑/↓, PgUp/PgDn, g/G move;
  /// →/l unfolds (or steps into an unfolded node); ←/h folds (or steps out to the parent);
  /// Space toggles.
  ///
  /// - Returns: whether `key` did something — →/l on a leaf and ←/h on a folded root do not,
  ///   so the app can use them (e.g. to move between panels).
  @inlinable
  public mutating func handle(
    _ key: Key, roots: [TreeNode<ID>], keymap: Keymap<NavigationAction> = .tree
  ) -> Bool {
    guard let action = keymap.action(for: key) else { return false }
    let walk = TreeWalk(roots: roots, expanded: unfolded)
    let needsAllRows =
      switch action {
      case .pageUp, .pageDown, .top, .bottom: true
      case .up, .down, .expand, .collapse, .toggle: false
      }
    let place = locate(in: walk, stopsAtNext: !needsAllRows)
    guard place.count > 0, let current = place.current else { return false }
    let row = current.row
    let page = rows.pageLength
    switch action {
    case .up:
      if let previous = place.previous {
        select(previous, row: row - 1)
      } else {
        select(row: row - 1, count: place.count, in: walk)
      }
    case .down:
      if let next = place.next {
        select(next, row: row + 1)
      } else {
        select(row: row + 1, count: place.count, in: walk)
      }
    case .pageUp: select(row: row - page, count: place.count, in: walk)
    case .pageDown: select(row: row + page, count: place.count, in: walk)
    case .top: select(row: 0, count: place.count, in: walk)
    case .bottom: select(row: place.count - 1, count: place.count, in: walk)
    case .expand:
      guard current.hasChildren else { return false }
      if current.isExpanded, let next = place.next {
        select(next, row: row + 1)
      } else {
        unfolded.insert(current.id)
      }
    case .collapse:
      if current.isExpanded {
        unfolded.remove(current.id)
      } else if let parent = current.parent {
        selected = parent
      } else {
        return false
      }
    case .toggle:
      guard current.hasChildren else { return false }
      toggle(current.id)
    }
    return true
  }

  /// A click selects the node under it (and on its fold marker also toggles it); the wheel
  /// scrolls, taking the selection along when it would leave the view.
  ///
  /// - Returns: whether the event changed the tree.
  @inlinable
  public mutating func handle(_ mouse: MouseEvent, roots: [TreeNode<ID>]) -> Bool {
    if mouse.isPrimaryPress, let row = drawnRow(at: mouse.position) {
      let target = drawn[row]
      selected = target.id
      if mouse.position.x == target.markerX { toggle(target.id) }
      return true
    }
    guard mouse.scrollDelta != 0, rows.viewport.contains(mouse.position) else { return false }
    rows.scroll(by: mouse.scrollDelta)
    let walk = TreeWalk(roots: roots, expanded: unfolded)
    let place = locate(in: walk)
    guard place.count > 0 else { return true }
    let row = place.current?.row ?? selectedRow
    let visible = rows.offset..<(rows.offset + rows.viewportLength)
    let target = min(max(visible.lowerBound, min(row, visible.upperBound - 1)), place.count - 1)
    if target != row { select(row: target, count: place.count, in: walk) }
    return true
  }

  /// The node drawn at `point` by the last render, if any.
  @inlinable
  public func node(at point: Point) -> ID? {
    drawnRow(at: point).map { drawn[$0].id }
  }

  @inlinable
  func drawnRow(at point: Point) -> Int? {
    guard let line = rows.line(at: point) else { return nil }
    let row = line - rows.offset
    return drawn.indices.contains(row) ? row : nil
  }

  /// Where the selection is, in one walk: the row count, the selected row (or the row it was
  /// on, when its node is gone) and the nodes just before and after it.
  @usableFromInline
  struct Place {
    @usableFromInline var count = 0
    @usableFromInline var current: VisibleTreeNode<ID>?
    @usableFromInline var previous: ID?
    @usableFromInline var next: ID?

    @inlinable init() {}
  }

  /// With `stopsAtNext`, the walk ends once the node after the selection is found (the count
  /// is then partial): enough for ↑, ↓ and folding.
  @inlinable
  func locate(in walk: TreeWalk<ID>, stopsAtNext: Bool = false) -> Place {
    var place = Place()
    var found: VisibleTreeNode<ID>?
    var fallback: VisibleTreeNode<ID>?
    var last: ID?
    var previousOfFallback: ID?
    var needsNext = false
    walk.visitRows { visible, _ in
      if needsNext {
        place.next = visible.id
        needsNext = false
        if stopsAtNext {
          place.count += 1
          return false
        }
      }
      if found == nil, visible.id == selected {
        found = visible
        place.previous = last
        needsNext = true
      } else if found == nil, visible.row <= selectedRow {
        fallback = visible
        previousOfFallback = last
      }
      last = visible.id
      place.count += 1
      return true
    }
    if found == nil, let fallback {
      // The selected node is gone: what is now on its row stands in (next is unknown: a walk
      // again would cost more than it saves, so ↓ then selects by row).
      place.current = fallback
      place.previous = previousOfFallback
      return place
    }
    place.current = found
    return place
  }

  /// Selects the neighbour `id` found by ``locate(in:)``, at `row`.
  @inlinable
  mutating func select(_ id: ID, row: Int) {
    selected = id
    selectedRow = row
    rows.reveal(row)
  }

  @inlinable
  mutating func select(row: Int, count: Int, in walk: TreeWalk<ID>) {
    let target = max(0, min(row, count - 1))
    if let node = walk.node(atRow: target) { selected = node.id }
    selectedRow = target
    rows.reveal(target)
  }

  /// Settles the selection on a visible row (the one found at `found`, or the row it was on)
  /// and scrolls to it; returns that row.
  @inlinable
  mutating func layout(_ walk: TreeWalk<ID>, count: Int, found: Int?, viewport: Rect) -> Int {
    rows.layout(contentLength: count, viewport: viewport)
    guard count > 0 else {
      drawn.removeAll()
      return 0
    }
    let row = found ?? min(selectedRow, count - 1)
    if found == nil, let node = walk.node(atRow: row) { selected = node.id }
    selectedRow = row
    rows.reveal(row)
    return row
  }
}

import TetherTerminal

/// What the value explorer keeps between frames: which nodes are unfolded, the selected node,
/// the scroll position, the search and its matches, and the rows laid out at the last width.
///
/// The selection is a node, not a row: it stays on its node when nodes above it fold or
/// unfold, and when the value is replaced by one of the same shape.
public struct ValueExplorerState: Sendable {
  /// The unfolded nodes (indexes into the outline); the root is unfolded at first.
  public private(set) var expanded: Set<Int32> = [0]
  /// The selected node.
  public private(set) var selectedNode = 0
  /// The selection and the scroll position over the rows.
  public internal(set) var list = ListState()
  /// The search field (`/`), whose keys are every devtools list's filter's.
  public internal(set) var search = FilterField()
  /// The nodes that match the search, in document order.
  public private(set) var matches: [Int] = []
  var matchSet: Set<Int> = []
  /// The rows at the last layout.
  var rows = ValueRows()
  var layoutKey: LayoutKey?
  /// Changes whenever the folding changes, so rows are laid out again.
  var foldRevision = 0

  struct LayoutKey: Hashable {
    var outline: Int
    var width: Int
    var foldRevision: Int
  }

  /// A state with only the root unfolded, and the root selected.
  public init() {}

  /// Whether node `index` is unfolded.
  public func isExpanded(_ index: Int) -> Bool { expanded.contains(Int32(index)) }

  /// Unfolds or folds node `index`.
  public mutating func toggle(_ index: Int) {
    if expanded.remove(Int32(index)) == nil { expanded.insert(Int32(index)) }
    foldRevision += 1
  }

  /// Unfolds node `index`.
  public mutating func expand(_ index: Int) {
    if expanded.insert(Int32(index)).inserted { foldRevision += 1 }
  }

  /// Folds node `index`.
  public mutating func collapse(_ index: Int) {
    if expanded.remove(Int32(index)) != nil { foldRevision += 1 }
  }

  /// Unfolds `index` and every container under it.
  public mutating func expandAll(under index: Int, in outline: ValueOutline) {
    for node in index..<Int(outline.nodes[index].end) where outline.nodes[node].isContainer {
      expanded.insert(Int32(node))
    }
    foldRevision += 1
  }

  /// Folds every container under `index` (not `index` itself).
  public mutating func collapseAll(under index: Int, in outline: ValueOutline) {
    let range = Int32(index + 1)..<outline.nodes[index].end
    expanded = expanded.filter { !range.contains($0) }
    foldRevision += 1
  }

  /// Selects node `index`, unfolding its ancestors so that it shows.
  public mutating func select(_ index: Int, in outline: ValueOutline) {
    guard outline.nodes.indices.contains(index) else { return }
    for ancestor in outline.ancestors(of: index) where !isExpanded(ancestor) { expand(ancestor) }
    selectedNode = index
  }

  /// Lays out again at the last width, after folding changed between two frames.
  mutating func relayout(_ outline: ValueOutline) {
    guard let key = layoutKey else { return }
    layout(outline, identity: key.outline, width: key.width)
  }

  /// Lays out the rows for `outline` at `width` when something changed, and puts the list's
  /// selection on the selected node's row.
  mutating func layout(_ outline: ValueOutline, identity: Int, width: Int) {
    let key = LayoutKey(outline: identity, width: width, foldRevision: foldRevision)
    if key != layoutKey {
      if selectedNode >= outline.count { selectedNode = 0 }
      rows = ValueRows(outline, expanded: expanded, width: width)
      layoutKey = key
    }
    if let row = rows.firstRow(of: selectedNode) {
      if row != list.selection { list.select(row, count: rows.count) }
    } else if rows.count > 0 {
      selectedNode = rows.node(at: min(list.selection, rows.count - 1))
    }
  }

  // MARK: Keys

  /// Moves, folds and searches: the `Keymap.tree` keys, Enter toggles, `*` unfolds
  /// everything under the selection and `-` folds it, `/` searches, `n`/`N` go to the next and
  /// previous match.
  ///
  /// - Returns: whether `event` was an explorer event.
  public mutating func handle(_ event: Event, outline: ValueOutline) -> Bool {
    if search.isEditing { return handleSearch(event, outline: outline) }
    switch event {
    case .mouse(let mouse):
      return handle(mouse, outline: outline)
    case .key(let key):
      return handle(key, outline: outline)
    default:
      return false
    }
  }

  private mutating func handle(_ key: Key, outline: ValueOutline) -> Bool {
    guard outline.count > 0 else { return false }
    relayout(outline)
    switch key {
    case "/":
      search.begin()
      return true
    case "n": return jumpToMatch(forward: true, outline: outline)
    case "N": return jumpToMatch(forward: false, outline: outline)
    case "*":
      expandAll(under: selectedNode, in: outline)
      return true
    case "-":
      collapseAll(under: selectedNode, in: outline)
      return true
    case .enter:
      guard outline.nodes[selectedNode].isContainer else { return false }
      toggle(selectedNode)
      return true
    default:
      break
    }
    let node = outline.nodes[selectedNode]
    switch Keymap<NavigationAction>.tree.action(for: key) {
    case .expand:
      guard node.isContainer else { return false }
      if isExpanded(selectedNode), Int(node.end) > selectedNode + 1 {
        selectedNode += 1
      } else {
        expand(selectedNode)
      }
      return true
    case .collapse:
      if node.isContainer, isExpanded(selectedNode) {
        collapse(selectedNode)
      } else if node.parent >= 0 {
        selectedNode = Int(node.parent)
      } else {
        return false
      }
      return true
    case .toggle:
      guard node.isContainer else { return false }
      toggle(selectedNode)
      return true
    case .up, .down, .pageUp, .pageDown, .top, .bottom:
      guard list.handle(key, count: rows.count) else { return false }
      if rows.count > 0 { selectedNode = rows.node(at: list.selection) }
      return true
    case nil:
      return false
    }
  }

  private mutating func handle(_ mouse: MouseEvent, outline: ValueOutline) -> Bool {
    relayout(outline)
    let row = list.index(at: mouse.position)
    guard list.handle(mouse, count: rows.count) else { return false }
    guard rows.count > 0 else { return true }
    selectedNode = rows.node(at: list.selection)
    if mouse.isPrimaryPress, let row, rows.line(at: row) == 0 {
      let node = outline.nodes[selectedNode]
      let markerX = list.scroll.viewport.minX + 2 + ValueRows.indent(of: node)
      if node.isContainer, mouse.position.x == markerX { toggle(selectedNode) }
    }
    return true
  }

  /// A key while searching: the filter field's keys, and the selection on the first match
  /// from the selected node (none after Esc, which clears the search).
  private mutating func handleSearch(_ event: Event, outline: ValueOutline) -> Bool {
    guard search.handle(event) else { return false }
    updateMatches(outline)
    if search.isActive { _ = jumpToMatch(forward: true, outline: outline, includingCurrent: true) }
    return true
  }

  mutating func updateMatches(_ outline: ValueOutline) {
    matches = outline.matches(of: search.text)
    matchSet = Set(matches)
  }

  /// Finds the matches again in a new value.
  mutating func valueChanged(_ outline: ValueOutline) {
    if !search.text.isEmpty { updateMatches(outline) }
  }

  /// Selects the next (or previous) match after the selected node, wrapping around.
  mutating func jumpToMatch(
    forward: Bool, outline: ValueOutline, includingCurrent: Bool = false
  ) -> Bool {
    guard !matches.isEmpty else { return !search.text.isEmpty }
    let target: Int
    if forward {
      target =
        matches.first { includingCurrent ? $0 >= selectedNode : $0 > selectedNode }
        ?? matches[0]
    } else {
      target = matches.last { $0 < selectedNode } ?? matches[matches.count - 1]
    }
    select(target, in: outline)
    return true
  }

  /// "3 of 12" for the match at the selection, or how many there are.
  public var matchPosition: String {
    guard !search.text.isEmpty else { return "" }
    guard !matches.isEmpty else { return "no match" }
    if let index = matches.firstIndex(of: selectedNode) {
      return "\(index + 1) of \(matches.count)"
    }
    return "\(matches.count) match\(matches.count == 1 ? "" : "es")"
  }
}

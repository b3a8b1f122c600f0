/// A tree that folds and unfolds, with indentation guides: `▾` unfolded, `▸` folded, `├─`
/// and `└─` to the children, `│` down the side of open branches. The caller supplies the
/// nodes in the order to show them (``TreeNode``); ``TreeState`` keeps what is unfolded and
/// selected. Only visible rows are drawn, and folded subtrees are never walked.
///
/// ```
/// ▾ post                 3
/// ├─▸ 2
/// ├─▾ 12
/// │ ├── title
/// │ └── body
/// └─▸ 251
/// ▸ user                 2
/// ```
///
/// ```swift
/// Tree(roots: roots, isFocused: focus == .stores).render(in: area, into: &frame, state: &stores)
/// ```
public struct Tree<ID: Hashable & Sendable>: StatefulWidget {
  public var roots: [TreeNode<ID>]
  public var isFocused: Bool
  public var style: Style
  public var guideStyle: Style
  public var selectedStyle: Style
  public var unfocusedSelectedStyle: Style
  /// Shown dim when there are no nodes.
  public var emptyMessage: String?

  /// A tree of `roots`, drawn in the caller's order, with guides.
  @inlinable
  public init(
    roots: [TreeNode<ID>], isFocused: Bool = true, style: Style = .plain, guideStyle: Style = .dim,
    selectedStyle: Style = .reverse, unfocusedSelectedStyle: Style = .bold,
    emptyMessage: String? = nil
  ) {
    self.roots = roots
    self.isFocused = isFocused
    self.style = style
    self.guideStyle = guideStyle
    self.selectedStyle = selectedStyle
    self.unfocusedSelectedStyle = unfocusedSelectedStyle
    self.emptyMessage = emptyMessage
  }

  @inlinable
  public func render(in rect: Rect, into frame: inout Frame, state: inout TreeState<ID>) {
    guard !rect.isEmpty else { return }
    let walk = TreeWalk(roots: roots, expanded: state.unfolded)
    // One walk counts the rows, finds the selection and keeps the rows of the last frame's
    // view; a second walk is needed only when the view scrolled.
    let predicted = state.scroll.offset..<(state.scroll.offset + rect.height)
    var count = 0
    var found: Int?
    var kept: [(VisibleTreeNode<ID>, ListItem)] = []
    kept.reserveCapacity(rect.height)
    walk.visitRows { visible, node in
      if found == nil, visible.id == state.selected { found = visible.row }
      if predicted.contains(visible.row) { kept.append((visible, node.item)) }
      count += 1
      return true
    }
    let selectedRow = state.layout(walk, count: count, found: found, viewport: rect)
    guard count > 0 else {
      state.drawn = []
      if let emptyMessage {
        frame.write(emptyMessage, at: Point(x: rect.minX, y: rect.minY), style: .dim, clip: rect)
      }
      return
    }
    let rows = state.scroll.visibleRange
    if rows.lowerBound != predicted.lowerBound {
      kept.removeAll(keepingCapacity: true)
      walk.visitRows { visible, node in
        guard visible.row >= rows.lowerBound else { return true }
        guard visible.row < rows.upperBound else { return false }
        kept.append((visible, node.item))
        return true
      }
    }
    let selected = isFocused ? selectedStyle : unfocusedSelectedStyle
    var drawn: [(id: ID, markerX: Int)] = []
    drawn.reserveCapacity(rows.count)
    for (visible, item) in kept where rows.contains(visible.row) {
      let row = rect.row(visible.row - rows.lowerBound)
      let (prefix, markerOffset) = Self.prefix(for: visible)
      ListRow(item: item, marker: "", prefix: prefix, prefixStyle: guideStyle)
        .render(
          in: row, into: &frame, style: style,
          selectedStyle: visible.row == selectedRow ? selected : nil)
      drawn.append((visible.id, row.minX + markerOffset))
    }
    state.drawn = drawn
  }

  /// The guides and fold marker before a node's text, and the marker's column in them.
  @inlinable
  static func prefix(for node: VisibleTreeNode<ID>) -> (String, Int) {
    let marker = node.hasChildren ? (node.isExpanded ? "▾" : "▸") : "─"
    guard node.depth > 0 else {
      return (node.hasChildren ? marker + " " : "  ", 0)
    }
    var prefix = ""
    for level in 1..<node.depth {
      let isLast = level <= 64 && node.ancestorsLast & (1 << UInt64(level - 1)) != 0
      prefix += isLast ? "  " : "│ "
    }
    prefix += node.isLast ? "└─" : "├─"
    let markerOffset = DisplayWidth.of(prefix)
    return (prefix + marker + " ", markerOffset)
  }
}

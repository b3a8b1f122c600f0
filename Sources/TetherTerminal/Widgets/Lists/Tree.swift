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

  public func render(in rect: Rect, into frame: inout Frame, state: inout TreeState<ID>) {
    guard !rect.isEmpty else { return }
    let walk = TreeWalk(roots: roots, expanded: state.expanded)
    let (count, selectedRow) = state.layout(walk, viewport: rect)
    guard count > 0 else {
      state.recordDrawn([])
      if let emptyMessage {
        frame.write(emptyMessage, at: Point(x: rect.minX, y: rect.minY), style: .dim, clip: rect)
      }
      return
    }
    let visible = state.scroll.visibleRange
    let selected = isFocused ? selectedStyle : unfocusedSelectedStyle
    var drawn: [(id: ID, markerX: Int)] = []
    drawn.reserveCapacity(visible.count)
    walk.visitRows { node in
      guard node.row >= visible.lowerBound else { return true }
      guard node.row < visible.upperBound else { return false }
      let row = rect.row(node.row - visible.lowerBound)
      let (prefix, markerOffset) = Self.prefix(for: node)
      ListRow(item: node.node.item, marker: "", prefix: prefix, prefixStyle: guideStyle)
        .render(
          in: row, into: &frame, style: style,
          selectedStyle: node.row == selectedRow ? selected : nil)
      drawn.append((node.node.id, row.minX + markerOffset))
      return true
    }
    state.recordDrawn(drawn)
  }

  /// The guides and fold marker before a node's text, and the marker's column in them.
  static func prefix(for node: VisibleTreeNode<ID>) -> (String, Int) {
    let marker = node.node.hasChildren ? (node.isExpanded ? "▾" : "▸") : "─"
    guard node.depth > 0 else {
      return (node.node.hasChildren ? marker + " " : "  ", 0)
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

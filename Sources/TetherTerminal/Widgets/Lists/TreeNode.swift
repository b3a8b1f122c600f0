/// A node of a ``Tree``: an identifier that stays the same while the tree changes (a store
/// path, a JSON key path), what the row shows, and the children in the order to show them.
///
/// The caller builds the nodes and decides the order — group and sort as suits the data, e.g.
/// natural order so `post 2` comes before `post 12` (`localizedStandardCompare`).
///
/// ```swift
/// let roots = [
///   TreeNode("post", "post", children: ids.map { TreeNode("post/\($0)", ListItem("\($0)")) }),
///   TreeNode("user", "user"),
/// ]
/// ```
public struct TreeNode<ID: Hashable & Sendable>: Sendable {
  public var id: ID
  public var item: ListItem
  public var children: [TreeNode]

  public init(_ id: ID, _ item: ListItem, children: [TreeNode] = []) {
    self.id = id
    self.item = item
    self.children = children
  }

  /// Whether the node can fold and unfold.
  public var hasChildren: Bool { !children.isEmpty }
}

/// A row of a tree as shown: which node, how deep, and what its guides need.
struct VisibleTreeNode<ID: Hashable & Sendable> {
  var row: Int
  var depth: Int
  var node: TreeNode<ID>
  var parent: ID?
  var isLast: Bool
  /// Bit `k`: whether the ancestor at depth `k + 1` was the last of its siblings (no guide
  /// line continues below it).
  var ancestorsLast: UInt64
  var isExpanded: Bool
}

/// Walks the rows a tree shows: the roots, and the children of unfolded nodes, in order.
struct TreeWalk<ID: Hashable & Sendable> {
  let roots: [TreeNode<ID>]
  let expanded: Set<ID>

  /// Calls `body` for each visible row in order, until it returns false.
  func visitRows(_ body: (VisibleTreeNode<ID>) -> Bool) {
    var row = 0
    _ = visit(roots, depth: 0, parent: nil, ancestorsLast: 0, row: &row, body)
  }

  private func visit(
    _ nodes: [TreeNode<ID>], depth: Int, parent: ID?, ancestorsLast: UInt64, row: inout Int,
    _ body: (VisibleTreeNode<ID>) -> Bool
  ) -> Bool {
    for index in nodes.indices {
      let isLast = index == nodes.count - 1
      let isExpanded = nodes[index].hasChildren && expanded.contains(nodes[index].id)
      let visible = VisibleTreeNode(
        row: row, depth: depth, node: nodes[index], parent: parent, isLast: isLast,
        ancestorsLast: ancestorsLast, isExpanded: isExpanded)
      row += 1
      guard body(visible) else { return false }
      if isExpanded {
        var childrenLast = ancestorsLast
        if depth > 0 && depth <= 64 && isLast { childrenLast |= 1 << UInt64(depth - 1) }
        guard
          visit(
            nodes[index].children, depth: depth + 1, parent: nodes[index].id,
            ancestorsLast: childrenLast, row: &row, body)
        else { return false }
      }
    }
    return true
  }

  /// How many rows are visible, and the row of `id` among them.
  func count(locating id: ID?) -> (count: Int, row: Int?) {
    var count = 0
    var found: Int?
    visitRows { visible in
      if found == nil, let id, visible.node.id == id { found = visible.row }
      count += 1
      return true
    }
    return (count, found)
  }

  /// The visible row at `row`.
  func node(atRow row: Int) -> VisibleTreeNode<ID>? {
    var result: VisibleTreeNode<ID>?
    visitRows { visible in
      guard visible.row == row else { return true }
      result = visible
      return false
    }
    return result
  }

  /// The visible row of `id`.
  func node(withID id: ID) -> VisibleTreeNode<ID>? {
    var result: VisibleTreeNode<ID>?
    visitRows { visible in
      guard visible.node.id == id else { return true }
      result = visible
      return false
    }
    return result
  }
}

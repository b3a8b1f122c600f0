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

  /// A node `id` shown as `item`, with its `children`.
  @inlinable
  public init(_ id: ID, _ item: ListItem, children: [TreeNode] = []) {
    self.id = id
    self.item = item
    self.children = children
  }

  /// Whether the node can fold and unfold.
  @inlinable public var hasChildren: Bool { !children.isEmpty }
}

/// A row of a tree as shown: which node, how deep, and what its guides need.
///
/// The tree's code is `@inlinable`, so an app's tree of concrete identifiers is specialised
/// where it is used: walking 10,000 nodes then costs no generic lookups.
@usableFromInline
struct VisibleTreeNode<ID: Hashable & Sendable> {
  @usableFromInline var row: Int
  @usableFromInline var depth: Int
  @usableFromInline var id: ID
  @usableFromInline var hasChildren: Bool
  @usableFromInline var parent: ID?
  @usableFromInline var isLast: Bool
  /// Bit `k`: whether the ancestor at depth `k + 1` was the last of its siblings (no guide
  /// line continues below it).
  @usableFromInline var ancestorsLast: UInt64
  @usableFromInline var isExpanded: Bool

  @inlinable
  init(
    row: Int, depth: Int, id: ID, hasChildren: Bool, parent: ID?, isLast: Bool,
    ancestorsLast: UInt64, isExpanded: Bool
  ) {
    self.row = row
    self.depth = depth
    self.id = id
    self.hasChildren = hasChildren
    self.parent = parent
    self.isLast = isLast
    self.ancestorsLast = ancestorsLast
    self.isExpanded = isExpanded
  }
}

/// Walks the rows a tree shows: the roots, and the children of unfolded nodes, in order.
@usableFromInline
struct TreeWalk<ID: Hashable & Sendable> {
  @usableFromInline let roots: [TreeNode<ID>]
  @usableFromInline let expanded: Set<ID>

  @inlinable
  init(roots: [TreeNode<ID>], expanded: Set<ID>) {
    self.roots = roots
    self.expanded = expanded
  }

  /// Calls `body` with each visible row and its node, in order, until it returns false.
  @inlinable
  func visitRows(_ body: (VisibleTreeNode<ID>, borrowing TreeNode<ID>) -> Bool) {
    var row = 0
    _ = visit(roots, depth: 0, parent: nil, ancestorsLast: 0, row: &row, body)
  }

  @inlinable
  func visit(
    _ nodes: [TreeNode<ID>], depth: Int, parent: ID?, ancestorsLast: UInt64, row: inout Int,
    _ body: (VisibleTreeNode<ID>, borrowing TreeNode<ID>) -> Bool
  ) -> Bool {
    let last = nodes.count - 1
    for index in nodes.indices {
      let hasChildren = !nodes[index].children.isEmpty
      let isExpanded = hasChildren && expanded.contains(nodes[index].id)
      let visible = VisibleTreeNode(
        row: row, depth: depth, id: nodes[index].id, hasChildren: hasChildren, parent: parent,
        isLast: index == last, ancestorsLast: ancestorsLast, isExpanded: isExpanded)
      row += 1
      guard body(visible, nodes[index]) else { return false }
      if isExpanded {
        var childrenLast = ancestorsLast
        if depth > 0 && depth <= 64 && index == last { childrenLast |= 1 << UInt64(depth - 1) }
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
  @inlinable
  func count(locating id: ID?) -> (count: Int, row: Int?) {
    var count = 0
    var found: Int?
    visitRows { visible, _ in
      if found == nil, visible.id == id { found = visible.row }
      count += 1
      return true
    }
    return (count, found)
  }

  /// The visible row at `row`.
  @inlinable
  func node(atRow row: Int) -> VisibleTreeNode<ID>? {
    var result: VisibleTreeNode<ID>?
    visitRows { visible, _ in
      guard visible.row == row else { return true }
      result = visible
      return false
    }
    return result
  }
}

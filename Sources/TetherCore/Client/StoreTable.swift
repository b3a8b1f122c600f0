/// The client's stores, in a trie keyed by path elements, so that finding the stores under a
/// prefix costs in proportion to the stores found, not to the stores held.
struct StoreTable {
  private final class Node {
    var store: (any OperationStoreProtocol)?
    var children: [OperationPath.Element: Node] = [:]
  }

  private let root = Node()
  private(set) var count = 0

  /// The store at exactly `path`.
  func store(at path: OperationPath) -> (any OperationStoreProtocol)? {
    node(at: path)?.store
  }

  /// Every store whose path starts with `prefix`; the empty path matches every store.
  func stores(matching prefix: OperationPath) -> [any OperationStoreProtocol] {
    guard let start = node(at: prefix) else { return [] }
    var stores: [any OperationStoreProtocol] = []
    var pending = [start]
    while let node = pending.popLast() {
      if let store = node.store { stores.append(store) }
      pending.append(contentsOf: node.children.values)
    }
    return stores
  }

  /// Puts `store` at `path`; there must be none there yet.
  mutating func insert(_ store: any OperationStoreProtocol, at path: OperationPath) {
    var node = root
    for element in path {
      if let child = node.children[element] {
        node = child
      } else {
        let child = Node()
        node.children[element] = child
        node = child
      }
    }
    precondition(node.store == nil, "a store already exists at \(path)")
    node.store = store
    count += 1
  }

  /// Removes and returns the store at `path`, pruning nodes left empty.
  @discardableResult
  mutating func remove(at path: OperationPath) -> (any OperationStoreProtocol)? {
    var trail = [root]
    for element in path {
      guard let child = trail[trail.count - 1].children[element] else { return nil }
      trail.append(child)
    }
    guard let store = trail[trail.count - 1].store else { return nil }
    trail[trail.count - 1].store = nil
    count -= 1
    for depth in stride(from: path.count, to: 0, by: -1) {
      let node = trail[depth]
      guard node.store == nil, node.children.isEmpty else { break }
      trail[depth - 1].children[path[depth - 1]] = nil
    }
    return store
  }

  private func node(at path: OperationPath) -> Node? {
    var node = root
    for element in path {
      guard let child = node.children[element] else { return nil }
      node = child
    }
    return node
  }
}

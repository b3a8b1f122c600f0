/// The client's stores, in a trie keyed by path elements, so that finding the stores under a
/// prefix costs in proportion to the stores found, not to the stores held.
///
/// A store sits in the node of its path's parent, keyed by its last element, so that the many
/// stores that are leaves (`["post", 1]`, `["post", 2]` …) cost one dictionary entry each and
/// no node of their own; a node exists only where some path continues.
struct StoreTable {
  private final class Node {
    // Unchecked: the table is only ever used under its client's lock, so the dynamic
    // exclusivity checks of class properties (four per store made) would guard nothing.
    /// Optional only so that finding or inserting a store is one dictionary access
    /// (`withValue(for:default:)`); no entry is ever nil.
    @exclusivity(unchecked) var stores = ElementMap<(any ManagedStore)?>()
    @exclusivity(unchecked) var children = ElementMap<Node>()
  }

  private let root = Node()
  /// The store at the empty path, which has no parent node.
  private var rootStore: (any ManagedStore)?
  private(set) var count = 0

  /// The store at exactly `path`.
  func store(at path: OperationPath) -> (any ManagedStore)? {
    guard let last = path.last else { return rootStore }
    return node(at: path.dropLast())?.stores[last] ?? nil
  }

  /// The store at `path`, or the one `make` creates and puts there, walking the trie once.
  mutating func store(
    at path: OperationPath, orInsert make: () -> any ManagedStore
  ) -> (store: any ManagedStore, isNew: Bool) {
    guard let last = path.last else {
      if let rootStore { return (rootStore, false) }
      let store = make()
      rootStore = store
      count += 1
      return (store, true)
    }
    // Borrowing the elements from the path's buffer copies none of them on the way down.
    let node = path.elements.withUnsafeBufferPointer { elements in
      var node = root
      for index in 0..<elements.count - 1 {
        node = node.children.withValue(for: elements[index], default: Node()) { $0 }
      }
      return node
    }
    // One hash and one probe, whether the store is found or made.
    let found = node.stores.withValue(for: last, default: nil) {
      Self.store(in: &$0, orInsert: make)
    }
    if found.isNew { count += 1 }
    return found
  }

  private static func store(
    in slot: inout (any ManagedStore)?, orInsert make: () -> any ManagedStore
  ) -> (store: any ManagedStore, isNew: Bool) {
    if let store = slot { return (store, false) }
    let store = make()
    slot = store
    return (store, true)
  }

  /// Every store whose path starts with `prefix`; the empty path matches every store.
  func stores(matching prefix: OperationPath) -> [any ManagedStore] {
    var stores: [any ManagedStore] = []
    var pending: [Node] = []
    if let last = prefix.last {
      guard let parent = node(at: prefix.dropLast()) else { return [] }
      if let store = parent.stores[last] ?? nil { stores.append(store) }
      if let start = parent.children[last] { pending.append(start) }
    } else {
      if let rootStore { stores.append(rootStore) }
      pending.append(root)
    }
    while let node = pending.popLast() {
      node.stores.forEachValue { if let store = $0 { stores.append(store) } }
      node.children.forEachValue { pending.append($0) }
    }
    return stores
  }

  /// Removes and returns the store at `path`, pruning nodes left empty.
  @discardableResult
  mutating func remove(at path: OperationPath) -> (any ManagedStore)? {
    guard let last = path.last else {
      defer { rootStore = nil }
      if rootStore != nil { count -= 1 }
      return rootStore
    }
    var trail = [root]
    for element in path.dropLast() {
      guard let child = trail[trail.count - 1].children[element] else { return nil }
      trail.append(child)
    }
    guard let store = trail[trail.count - 1].stores.removeValue(for: last) ?? nil else {
      return nil
    }
    count -= 1
    for depth in stride(from: trail.count - 1, to: 0, by: -1) {
      let node = trail[depth]
      guard node.stores.isEmpty, node.children.isEmpty else { break }
      trail[depth - 1].children[path[depth - 1]] = nil
    }
    return store
  }

  private func node(at path: some Collection<OperationPath.Element>) -> Node? {
    var node = root
    for element in path {
      guard let child = node.children[element] else { return nil }
      node = child
    }
    return node
  }
}

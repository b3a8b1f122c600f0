import TetherJSON

/// A `JSONValue` laid out for the value explorer: every node in document order (preorder)
/// with its depth, its key and where its subtree ends, arrays of more than ``chunkSize``
/// elements grouped in chunks (`[0…99]`), as TanStack's explorer does.
///
/// Built once per value; drawing asks only for the rows on screen, and folding skips whole
/// subtrees by their end index, so a 1 MB value costs what a small one does per frame.
public struct ValueOutline: Sendable {
  /// What a node is.
  public enum Kind: UInt8, Sendable {
    case object, array, chunk, string, number, bool, null
  }

  /// One node, in document order.
  public struct Node: Sendable {
    public var kind: Kind
    public var depth: Int32
    /// The index of the node's parent; -1 for the root.
    public var parent: Int32
    /// One past the last node of its subtree.
    public var end: Int32
    /// Its key in an object, its index in an array, its range for a chunk; `value` for the
    /// root.
    public var key: String?
    /// A scalar's text (a string's unquoted); empty for containers.
    public var text: String
    /// How many children a container has (elements of an array, not chunks).
    public var count: Int32

    public var isContainer: Bool { kind == .object || kind == .array || kind == .chunk }
  }

  /// How many array elements a chunk groups.
  public static let chunkSize = 100

  public private(set) var nodes: [Node] = []
  /// The value the outline was made from.
  public let value: JSONValue

  /// The outline of `value`, laid out once.
  public init(_ value: JSONValue) {
    self.value = value
    add(value, key: "value", depth: 0, parent: -1)
  }

  public var count: Int { nodes.count }

  private mutating func add(_ value: JSONValue, key: String?, depth: Int32, parent: Int32) {
    let index = Int32(nodes.count)
    switch value {
    case .object(let members):
      nodes.append(node(.object, depth, parent, key, "", Int32(members.count)))
      for member in members { add(member.value, key: member.key, depth: depth + 1, parent: index) }
    case .array(let elements):
      nodes.append(node(.array, depth, parent, key, "", Int32(elements.count)))
      if elements.count <= Self.chunkSize {
        for (offset, element) in elements.enumerated() {
          add(element, key: "\(offset)", depth: depth + 1, parent: index)
        }
      } else {
        for start in stride(from: 0, to: elements.count, by: Self.chunkSize) {
          let end = min(elements.count, start + Self.chunkSize)
          let chunk = Int32(nodes.count)
          nodes.append(
            node(.chunk, depth + 1, index, "[\(start)…\(end - 1)]", "", Int32(end - start)))
          for offset in start..<end {
            add(elements[offset], key: "\(offset)", depth: depth + 2, parent: chunk)
          }
          nodes[Int(chunk)].end = Int32(nodes.count)
        }
      }
    case .string(let string): nodes.append(node(.string, depth, parent, key, string, 0))
    case .number(let number): nodes.append(node(.number, depth, parent, key, number.text, 0))
    case .bool(let bool): nodes.append(node(.bool, depth, parent, key, bool ? "true" : "false", 0))
    case .null: nodes.append(node(.null, depth, parent, key, "null", 0))
    }
    nodes[Int(index)].end = Int32(nodes.count)
  }

  private func node(
    _ kind: Kind, _ depth: Int32, _ parent: Int32, _ key: String?, _ text: String, _ count: Int32
  ) -> Node {
    Node(kind: kind, depth: depth, parent: parent, end: 0, key: key, text: text, count: count)
  }

  /// The children of container `index`, in order.
  public func children(of index: Int) -> [Int] {
    var children: [Int] = []
    var child = index + 1
    let end = Int(nodes[index].end)
    while child < end {
      children.append(child)
      child = Int(nodes[child].end)
    }
    return children
  }

  /// The nodes from the root down to `index`, not including it.
  public func ancestors(of index: Int) -> [Int] {
    var chain: [Int] = []
    var parent = nodes[index].parent
    while parent >= 0 {
      chain.append(Int(parent))
      parent = nodes[Int(parent)].parent
    }
    return chain.reversed()
  }

  /// The nodes whose key or scalar text contains `needle`, ignoring case, in document order.
  public func matches(of needle: String) -> [Int] {
    let needle = needle.lowercased()
    guard !needle.isEmpty else { return [] }
    return nodes.indices.filter { index in
      let node = nodes[index]
      if node.kind != .chunk, node.parent >= 0, let key = node.key,
        key.lowercased().contains(needle)
      {
        return true
      }
      return !node.text.isEmpty && node.text.lowercased().contains(needle)
    }
  }

  /// The subtree of `index` as a value (a chunk as the array of its elements).
  public func value(at index: Int) -> JSONValue {
    let node = nodes[index]
    switch node.kind {
    case .object:
      return .object(JSONObject(children(of: index).map { (nodes[$0].key ?? "", value(at: $0)) }))
    case .array, .chunk:
      let children = children(of: index)
      if node.kind == .array, children.first.map({ nodes[$0].kind == .chunk }) == true {
        return .array(children.flatMap { self.children(of: $0).map { value(at: $0) } })
      }
      return .array(children.map { value(at: $0) })
    case .string: return .string(node.text)
    case .number: return JSONNumber(text: node.text).map(JSONValue.number) ?? .string(node.text)
    case .bool: return .bool(node.text == "true")
    case .null: return .null
    }
  }
}

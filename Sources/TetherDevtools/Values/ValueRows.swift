import TetherJSON
import TetherTerminal

/// The rows the value explorer shows: the nodes of unfolded containers in document order, a
/// long string spread over as many rows as it wraps into at the explorer's width.
struct ValueRows: Sendable {
  /// For each row, its node and its line within the node (0 but for wrapped strings).
  private var nodes: [Int32] = []
  private var lines: [Int32] = []
  /// The wrapped lines of strings longer than a row.
  private var wrapped: [Int32: [String]] = [:]

  init() {}

  /// Columns before a row's content at `depth`: two per level.
  static func indent(of node: ValueOutline.Node) -> Int { Int(node.depth) * 2 }

  init(_ outline: ValueOutline, expanded: Set<Int32>, width: Int) {
    var index = 0
    nodes.reserveCapacity(min(outline.count, 4096))
    while index < outline.count {
      let node = outline.nodes[index]
      nodes.append(Int32(index))
      lines.append(0)
      if node.kind == .string {
        let available = width - 2 - Self.indent(of: node) - 2
        let text = Self.scalarText(of: node)
        let head = Self.keyPrefix(of: node)
        if available > 8, DisplayWidth.of(head) + DisplayWidth.of(text) > available {
          let pieces = TextLayout.wrap(head + text, toWidth: available - 2)
          if pieces.count > 1 {
            wrapped[Int32(index)] = pieces
            for line in 1..<pieces.count {
              nodes.append(Int32(index))
              lines.append(Int32(line))
            }
          }
        }
      }
      if node.isContainer, !expanded.contains(Int32(index)) {
        index = Int(node.end)
      } else {
        index += 1
      }
    }
  }

  var count: Int { nodes.count }

  func node(at row: Int) -> Int { Int(nodes[row]) }
  func line(at row: Int) -> Int { Int(lines[row]) }

  /// The first row of `node`, if it shows (rows are in document order).
  func firstRow(of node: Int) -> Int? {
    var low = 0
    var high = nodes.count
    let target = Int32(node)
    while low < high {
      let middle = (low + high) / 2
      if nodes[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low < nodes.count && nodes[low] == target ? low : nil
  }

  /// The text of row `row`: indentation, fold marker, key and value (or one wrapped line of a
  /// long string).
  func text(of row: Int, in outline: ValueOutline, expanded: Set<Int32>) -> String {
    let index = Int(nodes[row])
    let node = outline.nodes[index]
    let indent = String(repeating: " ", count: Self.indent(of: node))
    if let pieces = wrapped[Int32(index)] {
      let line = Int(lines[row])
      return indent + (line == 0 ? "  " : "    ") + pieces[line]
    }
    if node.isContainer {
      let isOpen = expanded.contains(Int32(index))
      var text = indent + (isOpen ? "▾ " : "▸ ") + Self.keyPrefix(of: node) + Self.summary(of: node)
      if !isOpen { text += " " + Self.preview(of: index, in: outline) }
      return text
    }
    return indent + "  " + Self.keyPrefix(of: node) + Self.scalarText(of: node)
  }

  static func keyPrefix(of node: ValueOutline.Node) -> String {
    guard let key = node.key else { return "" }
    return node.kind == .chunk ? key + " " : key + ": "
  }

  static func scalarText(of node: ValueOutline.Node) -> String {
    node.kind == .string ? JSONValue.string(node.text).text() : node.text
  }

  /// `{7}`, `[250]`, or for a chunk its element count.
  static func summary(of node: ValueOutline.Node) -> String {
    switch node.kind {
    case .object: "{\(node.count)}"
    case .array: "[\(node.count)]"
    case .chunk: "(\(node.count))"
    default: ""
    }
  }

  /// The first few members of a folded container: `id: 248, title: "…", …`.
  static func preview(of index: Int, in outline: ValueOutline) -> String {
    var parts: [String] = []
    var length = 0
    var child = index + 1
    let end = Int(outline.nodes[index].end)
    while child < end, parts.count < 4, length < 60 {
      let node = outline.nodes[child]
      let value: String
      switch node.kind {
      case .object: value = "{…}"
      case .array, .chunk: value = "[…]"
      case .string:
        value = "\"" + TextLayout.truncate(node.text, toWidth: 20) + "\""
      default: value = node.text
      }
      let part = outline.nodes[index].kind == .object ? "\(node.key ?? ""): \(value)" : value
      parts.append(part)
      length += part.count + 2
      child = Int(node.end)
    }
    if child < end { parts.append("…") }
    return parts.joined(separator: ", ")
  }
}

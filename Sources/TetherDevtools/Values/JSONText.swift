/// A ``ValueNode`` as JSON text, pretty-printed with two spaces, keys in their order: what
/// "copy as JSON" writes.
///
/// ```swift
/// JSONText.of(.object([ValueNode.Member("id", .number("1"))]))   // "{\n  \"id\": 1\n}"
/// ```
public enum JSONText {
  public static func of(_ node: ValueNode) -> String {
    var text = ""
    write(node, indent: 0, into: &text)
    return text
  }

  private static func write(_ node: ValueNode, indent: Int, into text: inout String) {
    switch node {
    case .object(let members):
      guard !members.isEmpty else {
        text += "{}"
        return
      }
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += String(repeating: "  ", count: indent + 1)
        quote(member.key, into: &text)
        text += ": "
        write(member.value, indent: indent + 1, into: &text)
        text += index == members.count - 1 ? "\n" : ",\n"
      }
      text += String(repeating: "  ", count: indent) + "}"
    case .array(let elements):
      guard !elements.isEmpty else {
        text += "[]"
        return
      }
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += String(repeating: "  ", count: indent + 1)
        write(element, indent: indent + 1, into: &text)
        text += index == elements.count - 1 ? "\n" : ",\n"
      }
      text += String(repeating: "  ", count: indent) + "]"
    case .string(let string): quote(string, into: &text)
    case .number(let number): text += number
    case .bool(let bool): text += bool ? "true" : "false"
    case .null: text += "null"
    }
  }

  /// `string` as a JSON string literal.
  static func quote(_ string: String, into text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

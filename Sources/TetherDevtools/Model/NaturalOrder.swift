import TetherCore

/// Paths in natural order: integers by value and before strings, strings compared by their
/// runs of digits as numbers and the rest case-insensitively — so `["post", 2]` comes before
/// `["post", 12]`, and `"page 9"` before `"page 10"`.
///
/// Keys are computed once per path, so sorting 10,000 paths compares small values, never
/// strings through the locale.
public struct NaturalOrder: Comparable, Hashable, Sendable {
  enum Part: Comparable, Hashable, Sendable {
    case number(Int)
    case text(String)
  }

  enum Key: Comparable, Hashable, Sendable {
    case int(Int)
    case string([Part], String)
    case other(String)

    static func < (left: Key, right: Key) -> Bool {
      switch (left, right) {
      case (.int(let a), .int(let b)): a < b
      case (.string(let a, _), .string(let b, _)): a.lexicographicallyPrecedes(b)
      case (.other(let a), .other(let b)): a < b
      case (.int, _): true
      case (.string, .other): true
      default: false
      }
    }
  }

  let keys: [Key]
  /// The path as written, to order paths that differ only in case.
  let text: String

  /// The sort key of `path`, computed once.
  public init(_ path: OperationPath) {
    keys = path.map(NaturalOrder.key)
    text = path.description
  }

  static func key(_ element: OperationPath.Element) -> Key {
    switch element.base {
    case let int as Int: .int(int)
    case let string as String: .string(parts(of: string), string)
    default: .other(element.description)
    }
  }

  /// Digit runs as numbers (capped, so a run of 30 digits still compares), the rest
  /// lowercased.
  static func parts(of string: String) -> [Part] {
    var parts: [Part] = []
    var digits = ""
    var text = ""
    for character in string {
      if character.isASCII, character.isNumber {
        if !text.isEmpty {
          parts.append(.text(text))
          text = ""
        }
        digits.append(character)
      } else {
        if !digits.isEmpty {
          parts.append(.number(Int(digits.prefix(18)) ?? 0))
          digits = ""
        }
        text += character.lowercased()
      }
    }
    if !digits.isEmpty { parts.append(.number(Int(digits.prefix(18)) ?? 0)) }
    if !text.isEmpty { parts.append(.text(text)) }
    return parts
  }

  public static func < (left: NaturalOrder, right: NaturalOrder) -> Bool {
    if left.keys.lexicographicallyPrecedes(right.keys) { return true }
    if right.keys.lexicographicallyPrecedes(left.keys) { return false }
    return left.text < right.text
  }
}

import Glibc
import TetherJSON

/// The few JavaScript semantics dummyjson's answers depend on, so that ours match.
enum JavaScript {
  /// Whether `Number(text)` is not `NaN`: decimal literals with optional sign, exponent and
  /// surrounding whitespace, `Infinity`, `0x`/`0o`/`0b` literals, and blank text (which is 0).
  static func isNumeric(_ text: String) -> Bool {
    let trimmed = text.trimmingJavaScriptWhitespace()
    if trimmed.isEmpty { return true }
    let lowered = trimmed.lowercased()
    for (prefix, digits) in [("0x", "0123456789abcdef"), ("0o", "01234567"), ("0b", "01")]
    where lowered.hasPrefix(prefix) {
      let rest = lowered.dropFirst(2)
      return !rest.isEmpty && rest.allSatisfy { digits.contains($0) }
    }
    var rest = Substring(trimmed)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    if rest == "Infinity" { return true }
    var sawDigit = false
    while let first = rest.first, first.isASCII, first.isNumber {
      sawDigit = true
      rest = rest.dropFirst()
    }
    if rest.first == "." {
      rest = rest.dropFirst()
      while let first = rest.first, first.isASCII, first.isNumber {
        sawDigit = true
        rest = rest.dropFirst()
      }
    }
    guard sawDigit else { return false }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
      guard let first = rest.first, first.isASCII, first.isNumber else { return false }
      while let first = rest.first, first.isASCII, first.isNumber { rest = rest.dropFirst() }
    }
    return rest.isEmpty
  }

  /// `Number(text)` for the texts `isNumeric` accepts in decimal form; `nil` otherwise.
  static func number(_ text: String) -> Double? {
    let trimmed = text.trimmingJavaScriptWhitespace()
    if trimmed.isEmpty { return 0 }
    guard isNumeric(trimmed) else { return nil }
    return Double(trimmed)
  }

  /// `String(value)` for the values an id can be sent as: `5` and `"5"` both give `"5"`.
  static func string(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let number): string(number.double)
    case .string(let text): text
    case .array(let elements): elements.map { $0 == .null ? "" : string($0) }.joined(separator: ",")
    case .object: "[object Object]"
    }
  }

  /// `String(number)`: whole numbers without a fraction.
  private static func string(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
  }

  /// How `sortArray` orders two field values: numbers by value, strings by UTF-16 code units
  /// (as `<` does in JavaScript), booleans false first, arrays by their comma-joined text.
  /// Anything else (objects, missing fields, mixed types) compares equal, so it keeps its
  /// order: dummyjson's comparator makes that order unspecified.
  static func compare(_ left: JSONValue?, _ right: JSONValue?) -> Int {
    switch (left, right) {
    case (.number(let left)?, .number(let right)?):
      return left.double < right.double ? -1 : left.double > right.double ? 1 : 0
    case (.string(let left)?, .string(let right)?):
      return compareUTF16(left, right)
    case (.bool(let left)?, .bool(let right)?):
      return left == right ? 0 : left ? 1 : -1
    case (.array?, .array?):
      return compareUTF16(string(left!), string(right!))
    default:
      return 0
    }
  }

  /// JavaScript's string order: by UTF-16 code units. That is the order of the UTF-8 bytes
  /// (code points) except where a character from U+E000 up meets one beyond U+FFFF, so the bytes
  /// are compared (with `memcmp`) and UTF-16 decides only there.
  private static func compareUTF16(_ left: String, _ right: String) -> Int {
    var left = left
    var right = right
    let bytes = left.withUTF8 { left in
      right.withUTF8 { right -> Int? in
        let common = min(left.count, right.count)
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress, common > 0,
          memcmp(leftBase, rightBase, common) != 0
        else { return left.count < right.count ? -1 : left.count > right.count ? 1 : 0 }
        var index = 0
        while left[index] == right[index] { index += 1 }
        var start = index
        while start > 0 && (0x80...0xBF).contains(left[start]) { start -= 1 }
        guard left[start] < 0xEE && right[start] < 0xEE else { return nil }
        return left[index] < right[index] ? -1 : 1
      }
    }
    if let bytes { return bytes }
    var leftUnits = left.utf16.makeIterator()
    var rightUnits = right.utf16.makeIterator()
    while true {
      switch (leftUnits.next(), rightUnits.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let left?, let right?) where left != right: return left < right ? -1 : 1
      default: continue
      }
    }
  }
}

extension String {
  /// The text without leading and trailing whitespace as JavaScript's `trim()` sees it.
  func trimmingJavaScriptWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

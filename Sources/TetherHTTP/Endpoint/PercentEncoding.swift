import Foundation

/// Percent-encoding for URL paths and query strings.
///
/// Query names and values keep only RFC 3986 unreserved characters, so `+`, `&`, `=` and spaces
/// in a value arrive as the value (`URLComponents` leaves `+` alone, which servers read as a
/// space).
enum PercentEncoding {
  /// `name=value&name=value`, every name and value encoded; a `nil` value writes the name alone.
  static func query(_ items: [URLQueryItem]) -> String {
    var result = ""
    for item in items {
      if !result.isEmpty { result += "&" }
      appendQueryItem(item, to: &result)
    }
    return result
  }

  /// Appends `name=value` (or `name` for a `nil` value), both encoded.
  static func appendQueryItem(_ item: URLQueryItem, to result: inout String) {
    append(item.name, keeping: isUnreserved, to: &result)
    if let value = item.value {
      result += "="
      append(value, keeping: isUnreserved, to: &result)
    }
  }

  /// Appends `path` with every character that may not appear in a path encoded. Existing
  /// escapes (`%` and two hex digits) are kept, so an already encoded path is not encoded
  /// twice.
  static func appendPath(_ path: Substring, to result: inout String) {
    let bytes = path.utf8
    if bytes.allSatisfy(isPathCharacter) {
      result += path
      return
    }
    var encoded = [UInt8]()
    encoded.reserveCapacity(bytes.count + 16)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      if isPathCharacter(byte) || (byte == UInt8(ascii: "%") && isEscape(bytes[index...])) {
        encoded.append(byte)
      } else {
        appendEscape(byte, to: &encoded)
      }
      index = bytes.index(after: index)
    }
    result += String(decoding: encoded, as: UTF8.self)
  }

  /// Appends `text` with every byte `allowed` rejects percent-encoded.
  static func append(_ text: String, keeping allowed: (UInt8) -> Bool, to result: inout String) {
    if text.utf8.allSatisfy(allowed) {
      result += text
      return
    }
    var encoded = [UInt8]()
    encoded.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if allowed(byte) {
        encoded.append(byte)
      } else {
        appendEscape(byte, to: &encoded)
      }
    }
    result += String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func appendEscape(_ byte: UInt8, to result: inout [UInt8]) {
    result.append(UInt8(ascii: "%"))
    result.append(hexDigits[Int(byte >> 4)])
    result.append(hexDigits[Int(byte & 0x0F)])
  }

  /// Whether `bytes` starts with `%` and two hex digits.
  private static func isEscape(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    var iterator = bytes.dropFirst().prefix(2).makeIterator()
    guard let high = iterator.next(), let low = iterator.next() else { return false }
    return isHexDigit(high) && isHexDigit(low)
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// Unreserved characters, sub-delimiters, `:`, `@` and `/` (RFC 3986 `pchar` plus `/`).
  private static func isPathCharacter(_ byte: UInt8) -> Bool {
    if isUnreserved(byte) { return true }
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"), UInt8(ascii: "/"):
      return true
    default:
      return false
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }
}

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
      result += encode(item.name, keeping: isUnreserved)
      if let value = item.value {
        result += "="
        result += encode(value, keeping: isUnreserved)
      }
    }
    return result
  }

  /// A path with every character that may not appear in a path encoded. Existing escapes
  /// (`%` and two hex digits) are kept, so an already encoded path is not encoded twice.
  static func path(_ path: String) -> String {
    let bytes = Array(path.utf8)
    if bytes.allSatisfy(isPathCharacter) { return path }
    var result = [UInt8]()
    result.reserveCapacity(bytes.count + 16)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
      {
        result.append(byte)
      } else if isPathCharacter(byte) {
        result.append(byte)
      } else {
        appendEscape(byte, to: &result)
      }
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  static func encode(_ text: String, keeping allowed: (UInt8) -> Bool) -> String {
    if text.utf8.allSatisfy(allowed) { return text }
    var result = [UInt8]()
    result.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if allowed(byte) {
        result.append(byte)
      } else {
        appendEscape(byte, to: &result)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func appendEscape(_ byte: UInt8, to result: inout [UInt8]) {
    result.append(UInt8(ascii: "%"))
    result.append(hexDigits[Int(byte >> 4)])
    result.append(hexDigits[Int(byte & 0x0F)])
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

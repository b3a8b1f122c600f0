import Foundation

/// Reading scalars out of a tape: strings with their escapes resolved, numbers as the Swift
/// number asked for. The parser has checked both, so only a number that does not fit fails.
extension JSONTape {
  /// The string at `index`. A `\u` escape of a lone UTF-16 surrogate — JSON allows it, a Swift
  /// string cannot hold it — reads as U+FFFD, as JavaScript writes one out in UTF-8.
  func string(at index: Int) -> String {
    let token = tokens[index]
    guard token.flag else { return String(decoding: bytes[token.range], as: UTF8.self) }
    let range = token.range
    // Every escape is at least as long as what it stands for.
    return String(unsafeUninitializedCapacity: range.count) { utf8 in
      var count = 0
      func append(_ byte: UInt8) {
        utf8[count] = byte
        count += 1
      }
      var index = range.lowerBound
      while index < range.upperBound {
        let byte = bytes[index]
        index += 1
        guard byte == UInt8(ascii: "\\") else {
          append(byte)
          continue
        }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "b"): append(0x08)
        case UInt8(ascii: "f"): append(0x0C)
        case UInt8(ascii: "n"): append(0x0A)
        case UInt8(ascii: "r"): append(0x0D)
        case UInt8(ascii: "t"): append(0x09)
        case UInt8(ascii: "u"):
          var scalar = hex4(at: index)
          index += 4
          if (0xD800..<0xDC00).contains(scalar), index + 6 <= range.upperBound,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
            case let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
          {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
          UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!.forEach(append)
        default: append(escape)  // " \ /
        }
      }
      return count
    }
  }

  private func hex4(at index: Int) -> UInt32 {
    UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) ?? 0
  }

  /// Calls `body` with the token of each key of the object at `object`, in order.
  func forEachMember(of object: Int, _ body: (_ key: Int) throws -> Void) rethrows {
    var key = object + 1
    while key < Int(tokens[object].end) {
      try body(key)
      key = next(after: key + 1)
    }
  }

  /// The value token of the member `name` of the object at `object` — the last one when the
  /// name is there twice, as `JSON.parse` reads it — or nil.
  func member(named name: String, in object: Int) -> Int? {
    var name = name
    return name.withUTF8 { name in
      bytes.withUnsafeBufferPointer { bytes in
        var found: Int?
        forEachMember(of: object) { key in
          let token = tokens[key]
          let matches =
            token.flag
            ? string(at: key).utf8.elementsEqual(name)
            : token.range.count == name.count
              && (name.isEmpty
                || memcmp(
                  bytes.baseAddress! + token.range.lowerBound, name.baseAddress!, name.count) == 0)
          if matches { found = key + 1 }
        }
        return found
      }
    }
  }

  /// The number's text at `index`.
  func text(at index: Int) -> String {
    String(decoding: bytes[tokens[index].range], as: UTF8.self)
  }

  /// The number at `index` as `Integer`, when it is whole and fits.
  func integer<Integer: FixedWidthInteger>(at index: Int) -> Integer? {
    let range = tokens[index].range
    return bytes.withUnsafeBufferPointer {
      JSONNumber.integer(UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// The number at `index` as the nearest `Double`, or nil past its range.
  func double(at index: Int) -> Double? {
    let token = tokens[index]
    if !token.flag, token.length <= 15, let integer: Int = integer(at: index) {
      return Double(integer)  // exact: fewer than 2^53
    }
    return Double(text(at: index)).flatMap { $0.isFinite ? $0 : nil }
  }
}

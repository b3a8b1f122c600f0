import Foundation
import TetherJSON

extension PersistedPath {
  /// The path whose ``key`` is `key`, or nil when `key` is not one.
  ///
  /// A key of plain strings and integers, what paths are made of, is read by a scan of its
  /// bytes; any other by TetherJSON's parser (a key is JSON), without a decoder. Restoring ten
  /// thousand rows costs ten thousand small scans.
  public init?(key: String) {
    self.init(key: key[...])
  }

  /// The path whose ``key`` is `key`, or nil when `key` is not one: a row key's part after
  /// its prefix, read without a copy.
  public init?(key: Substring) {
    var key = key
    guard
      let elements = key.withUTF8({ utf8 in
        Self.plainElements(ofKey: utf8) ?? Self.parsedElements(ofKey: utf8)
      })
    else { return nil }
    self.init(elements: elements)
  }

  /// The elements of a key made of strings without escapes and integers, or nil when it has
  /// anything else: the parser then decides.
  private static func plainElements(ofKey utf8: UnsafeBufferPointer<UInt8>) -> [Element]? {
    guard utf8.count >= 2, utf8[0] == UInt8(ascii: "["), utf8[utf8.count - 1] == UInt8(ascii: "]")
    else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(4)
    var index = 1
    let end = utf8.count - 1
    while index < end {
      if !elements.isEmpty {
        guard utf8[index] == UInt8(ascii: ","), index + 1 < end else { return nil }
        index += 1
      }
      let start = index
      if utf8[index] == UInt8(ascii: "\"") {
        // The closing quote, unless an escape or a control character comes first: those are
        // left to the parser.
        index += 1
        while index < end, utf8[index] >= 0x20, utf8[index] != UInt8(ascii: "\\"),
          utf8[index] != UInt8(ascii: "\"")
        {
          index += 1
        }
        guard index < end, utf8[index] == UInt8(ascii: "\""),
          let string = String(
            validating: UnsafeBufferPointer(rebasing: utf8[(start + 1)..<index]), as: UTF8.self)
        else { return nil }
        index += 1
        elements.append(.string(string))
      } else {
        guard let (integer, after) = integer(in: utf8, from: index, before: end) else {
          return nil
        }
        index = after
        elements.append(.integer(integer))
      }
    }
    return elements
  }

  /// The integer written at `start` (JSON's form: no leading zero, no `-0`) and the index
  /// after it, or nil when something else is there or it does not fit an `Int`.
  private static func integer(
    in utf8: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int
  ) -> (Int, Int)? {
    var index = start
    let isNegative = utf8[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    let digits = index
    var magnitude = 0
    while index < end, utf8[index] != UInt8(ascii: ",") {
      let digit = Int(utf8[index]) - Int(UInt8(ascii: "0"))
      guard (0...9).contains(digit) else { return nil }
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowedAgain) = times.addingReportingOverflow(digit)
      guard !overflowed, !overflowedAgain else { return nil }
      magnitude = sum
      index += 1
    }
    let count = index - digits
    guard count > 0, utf8[digits] != UInt8(ascii: "0") || count == 1,
      !(isNegative && magnitude == 0)
    else { return nil }
    return (isNegative ? -magnitude : magnitude, index)
  }

  /// The elements of any key, by TetherJSON's parser.
  private static func parsedElements(ofKey utf8: UnsafeBufferPointer<UInt8>) -> [Element]? {
    guard case .array(let values)? = try? JSONValue(parsing: utf8, limits: keyLimits) else {
      return nil
    }
    var elements: [Element] = []
    elements.reserveCapacity(values.count)
    for value in values {
      guard let element = element(value) else { return nil }
      elements.append(element)
    }
    return elements
  }

  /// Keys are flat arrays: a UUID's object is the one level below.
  private static let keyLimits = JSONLimits(maximumDepth: 2, maximumSize: 1 << 20)

  /// The element whose key is `value`: a string, an integer, a double (written with a
  /// fraction or an exponent), a boolean or `{"uuid":"…"}`.
  private static func element(_ value: JSONValue) -> Element? {
    switch value {
    case .string(let string): return .string(string)
    case .number(let number):
      guard
        number.text.utf8.contains(where: {
          $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        })
      else { return number.integer().map { .integer($0) } }
      return number.double.isFinite ? .double(number.double) : nil
    case .bool(let bool): return .boolean(bool)
    case .object(let object):
      guard object.count == 1, case .string(let text)? = object["uuid"],
        let uuid = UUID(uuidString: text)
      else { return nil }
      return .uuid(uuid)
    case .array, .null: return nil
    }
  }
}

import Foundation

/// Reading scalars out of a tape: the text of strings (escapes resolved, UTF-8 checked) and
/// numbers of every width, each failure a `DecodingError` at `path`.
extension JSONTape {
  typealias Path = () -> [any CodingKey]

  func string(at index: Int, _ path: Path) throws(DecodingError) -> String {
    let token = tokens[index]
    guard token.kind == .string else { throw mismatch(String.self, token, path) }
    let start = Int(token.offset)
    let end = start + Int(token.length)
    let text: String? =
      token.flag
      ? try unescaped(start..<end, path)
      : Self.validString(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    guard let text else { throw dataCorrupted("the string is not valid UTF-8", path) }
    return text
  }

  /// The string of `utf8`, or nil when it is not valid UTF-8: ASCII text (most of it) is
  /// checked eight bytes at a time.
  static func validString(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    if JSONPlainText.isASCII(utf8) { return String(decoding: utf8, as: UTF8.self) }
    return String(validating: utf8, as: UTF8.self)
  }

  /// The string of the bytes `range`, its escapes resolved; `\u` escapes of UTF-16 surrogates
  /// must come in pairs.
  private func unescaped(_ range: Range<Int>, _ path: Path) throws(DecodingError) -> String? {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      let escape = bytes[index]
      index += 1
      if let control = JSONPlainText.letterEscapes.first(where: { $0.letter == escape }) {
        utf8.append(control.byte)
        continue
      }
      switch escape {
      case UInt8(ascii: "u"):
        var value = hex4(at: index)
        index += 4
        if (0xD800..<0xDC00).contains(value) {
          guard index + 6 <= range.upperBound, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else {
            throw dataCorrupted(
              "a \\u escape of a high surrogate is not followed by a low one", path)
          }
          let low = hex4(at: index + 2)
          guard (0xDC00..<0xE000).contains(low) else {
            throw dataCorrupted(
              "a \\u escape of a high surrogate is not followed by a low one", path)
          }
          index += 6
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(value) {
          throw dataCorrupted("a \\u escape of a low surrogate has no high one before it", path)
        }
        guard let scalar = Unicode.Scalar(value) else {
          throw dataCorrupted("invalid \\u escape", path)
        }
        utf8.append(contentsOf: UTF8.encode(scalar)!)
      default: utf8.append(escape)  // " \ /
      }
    }
    return utf8.withUnsafeBufferPointer(Self.validString)
  }

  private func hex4(at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 { value = value << 4 | (Self.hexValue(bytes[index + offset]) ?? 0) }
    return value
  }

  func bool(at index: Int, _ path: Path) throws(DecodingError) -> Bool {
    switch tokens[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, tokens[index], path)
    }
  }

  /// The number at `index` as `Integer`: integer text read exactly, a fraction or an exponent
  /// only when the number is whole.
  func integer<Integer: FixedWidthInteger>(
    _ type: Integer.Type, at index: Int, _ path: Path
  ) throws(DecodingError) -> Integer {
    if Integer.self == Int.self { return try int(at: index, path) as! Integer }
    let token = tokens[index]
    guard token.kind == .number else { throw mismatch(Integer.self, token, path) }
    let range = Int(token.offset)..<Int(token.offset + token.length)
    let value: Integer?
    if token.flag {
      value = Integer(exactly: try double(at: index, path))
    } else if Integer.bitWidth > 64 {
      value = Integer(text(of: token))
    } else if let (isNegative, magnitude) = integerParts(range) {
      value = isNegative ? Integer(exactly: -Int128(magnitude)) : Integer(exactly: magnitude)
    } else {
      value = nil
    }
    guard let value else { throw notFitting(Integer.self, range, path) }
    return value
  }

  /// The number at `index` as an `Int`: the common case, without generics.
  func int(at index: Int, _ path: Path) throws(DecodingError) -> Int {
    let token = tokens[index]
    guard token.kind == .number else { throw mismatch(Int.self, token, path) }
    let range = Int(token.offset)..<Int(token.offset + token.length)
    if token.flag {
      guard let value = Int(exactly: try double(at: index, path)) else {
        throw notFitting(Int.self, range, path)
      }
      return value
    }
    guard let (isNegative, magnitude) = integerParts(range),
      let value = isNegative
        ? (magnitude == UInt64(Int.max) + 1 ? Int.min : Int(exactly: magnitude).map { -$0 })
        : Int(exactly: magnitude)
    else { throw notFitting(Int.self, range, path) }
    return value
  }

  /// The sign and magnitude of the integer text `range`; nil past `UInt64.max`.
  private func integerParts(_ range: Range<Int>) -> (isNegative: Bool, magnitude: UInt64)? {
    let isNegative = bytes[range.lowerBound] == UInt8(ascii: "-")
    var magnitude: UInt64 = 0
    for offset in (isNegative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = shifted.addingReportingOverflow(UInt64(bytes[offset] &- 0x30))
      guard !overflow, !carry else { return nil }
      magnitude = sum
    }
    return (isNegative, magnitude)
  }

  func double(at index: Int, _ path: Path) throws(DecodingError) -> Double {
    let token = tokens[index]
    if token.kind == .number, !token.flag, token.length <= 15 {
      return Double(try int(at: index, path))
    }
    return try number(Double.self, at: index, path) {
      Double($0).flatMap { $0.isFinite ? $0 : nil }
    }
  }

  func float(at index: Int, _ path: Path) throws(DecodingError) -> Float {
    try number(Float.self, at: index, path) { Float($0).flatMap { $0.isFinite ? $0 : nil } }
  }

  func decimal(at index: Int, _ path: Path) throws(DecodingError) -> Decimal {
    try number(Decimal.self, at: index, path) {
      Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))
    }
  }

  /// The number at `index` read from its text by `parse`, which says nil when it does not fit.
  private func number<Number>(
    _ type: Number.Type, at index: Int, _ path: Path, _ parse: (String) -> Number?
  ) throws(DecodingError) -> Number {
    let token = tokens[index]
    guard token.kind == .number else { throw mismatch(Number.self, token, path) }
    guard let value = parse(text(of: token)) else {
      throw notFitting(Number.self, Int(token.offset)..<Int(token.offset + token.length), path)
    }
    return value
  }

  private func text(of token: Token) -> String {
    String(
      decoding: UnsafeBufferPointer(
        rebasing: bytes[Int(token.offset)..<Int(token.offset + token.length)]), as: UTF8.self)
  }

  // MARK: Errors

  func mismatch(_ type: Any.Type, _ token: Token, _ path: Path) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: path(),
      debugDescription: token.kind == .null
        ? "Expected \(type) value but found null instead."
        : "Expected to decode \(type) but found \(Self.describe(token.kind)) instead.")
    return token.kind == .null
      ? DecodingError.valueNotFound(type, context) : DecodingError.typeMismatch(type, context)
  }

  private func notFitting(_ type: Any.Type, _ range: Range<Int>, _ path: Path) -> DecodingError {
    let number = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return dataCorrupted("Parsed JSON number <\(number)> does not fit in \(type).", path)
  }

  func dataCorrupted(_ description: String, _ path: Path) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: path(), debugDescription: description))
  }

  static func describe(_ kind: Kind) -> String {
    switch kind {
    case .object: "a dictionary"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .true, .false: "a bool"
    case .null: "null"
    }
  }
}

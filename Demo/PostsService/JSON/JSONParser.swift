/// A strict RFC 8259 parser that reads each byte once, so any document costs time linear in its
/// size.
///
/// It recurses once per nesting level; `JSONValue.parse`, its only caller, has already checked
/// the document against `JSONLimits`, which bounds that depth. Numbers longer than 100
/// characters are refused (RFC 8259 §9 lets a parser limit their precision): converting a
/// megabyte of digits to a `Double` would not be linear.
struct JSONParser {
  static let maximumNumberLength = 100

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// One value, with only whitespace around it.
  mutating func document() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    let value = try self.value()
    skipWhitespace()
    guard offset == bytes.count else { throw failure("unexpected text after the JSON value") }
    return value
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    guard offset < bytes.count else { throw failure("unexpected end of the JSON") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object(try object())
    case UInt8(ascii: "["): return .array(try array())
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .boolean(true))
    case UInt8(ascii: "f"): return try literal("false", .boolean(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw failure("unexpected \(describe(bytes[offset]))")
    }
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONObject {
    offset += 1
    var object = JSONObject()
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      offset += 1
      return object
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else { throw failure("expected a string key") }
      let key = try string()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
      offset += 1
      skipWhitespace()
      object[key] = try value()
      skipWhitespace()
      guard offset < bytes.count else { throw failure("unexpected end of the JSON") }
      switch bytes[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return object
      default: throw failure("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> [JSONValue] {
    offset += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      offset += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try value())
      skipWhitespace()
      guard offset < bytes.count else { throw failure("unexpected end of the JSON") }
      switch bytes[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return elements
      default: throw failure("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    offset += 1
    let start = offset
    // The common case: no escapes, so the bytes are the string.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let text = try text(UnsafeBufferPointer(rebasing: bytes[start..<offset]), from: start)
        offset += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw failure("control character in a string") }
      offset += 1
    }
    var decoded = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return try decoded.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
          try text(buffer, from: start)
        }
      case UInt8(ascii: "\\"):
        offset += 1
        try escape(into: &decoded)
      case ..<0x20:
        throw failure("control character in a string")
      default:
        decoded.append(byte)
        offset += 1
      }
    }
    throw failure("unterminated string")
  }

  private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
    guard offset < bytes.count else { throw failure("unterminated string") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800...0xDBFF).contains(scalar), bytes.count - offset >= 6,
        bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
      {
        let saved = offset
        offset += 2
        let low = try hexQuad()
        if (0xDC00...0xDFFF).contains(low) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else {
          offset = saved
        }
      }
      // A lone surrogate is valid JSON but not Unicode: it becomes U+FFFD, as in a JS string
      // written out as UTF-8.
      let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
      decoded.append(contentsOf: String(character).utf8)
    default:
      offset -= 1
      throw failure("invalid escape '\\\(describe(byte))'")
    }
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - offset >= 4 else { throw failure("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> Double {
    let start = offset
    if peek(UInt8(ascii: "-")) { offset += 1 }
    if peek(UInt8(ascii: "0")) {
      offset += 1
    } else {
      guard digits() > 0 else { throw failure("invalid number") }
    }
    if peek(UInt8(ascii: ".")) {
      offset += 1
      guard digits() > 0 else { throw failure("invalid number") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      offset += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
      guard digits() > 0 else { throw failure("invalid number") }
    }
    guard offset - start <= Self.maximumNumberLength else {
      offset = start
      throw failure("number longer than \(Self.maximumNumberLength) characters")
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard let number = Double(text) else {
      offset = start
      throw failure("invalid number")
    }
    return number
  }

  /// Skips ASCII digits and returns how many there were.
  private mutating func digits() -> Int {
    let start = offset
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
    return offset - start
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    for byte in word.utf8 {
      guard offset < bytes.count, bytes[offset] == byte else {
        throw failure("invalid literal, expected '\(word)'")
      }
      offset += 1
    }
    return value
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        offset += 1
      default: return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool {
    offset < bytes.count && bytes[offset] == byte
  }

  private func text(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONSyntaxError)
    -> String
  {
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: start)
    }
    return text
  }

  private func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, offset: offset)
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}

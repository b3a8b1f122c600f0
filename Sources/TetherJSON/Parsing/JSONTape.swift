/// A JSON document parsed in one pass into a flat list of tokens in document order, which
/// values and `Codable` types are read from. A container's token says where its children end
/// (an object's alternate key and value), so a reader skips a value in one step.
///
/// Strict RFC 8259 (a UTF-8 byte order mark allowed), with strings checked as UTF-8 with
/// well-formed escapes, so reading one never fails. It recurses once per level, which the
/// limits bound. A class, so that the decoder and its containers share one without copies.
final class JSONTape: Sendable {
  enum Kind: UInt8, Sendable {
    case object, array, string, number, `true`, `false`, null
  }

  struct Token: Sendable {
    var kind: Kind
    /// A string with escapes, or a number with a fraction or an exponent.
    var flag = false
    /// Where its text starts (for a string, after the opening quote).
    var offset: UInt32
    /// A scalar's length in bytes; a container's number of children (an object's members).
    var length: UInt32 = 0
    /// A container's end: the index of the token after its last child.
    var end: UInt32 = 0
    var range: Range<Int> { Int(offset)..<Int(offset + length) }
  }

  /// The document.
  let bytes: [UInt8]
  /// Its tokens, then one `null` (``nullIndex``).
  let tokens: [Token]

  /// Parses `input` within `limits`.
  init(parsing input: some Sequence<UInt8>, limits: JSONLimits) throws(JSONError) {
    let size = input.underestimatedCount
    guard size <= limits.maximumSize else { throw Self.tooLarge(size, limits) }
    let bytes = Array(input)
    guard bytes.count <= min(limits.maximumSize, Int(UInt32.max)) else {
      throw Self.tooLarge(bytes.count, limits)
    }
    self.tokens = try bytes.withUnsafeBufferPointer { (bytes) throws(JSONError) in
      var parser = Parser(bytes: bytes, limits: limits)
      try parser.document()
      parser.tokens.append(Token(kind: .null, offset: 0))
      return parser.tokens
    }
    self.bytes = bytes
  }

  private static func tooLarge(_ size: Int, _ limits: JSONLimits) -> JSONError {
    JSONError(
      .tooLarge(size: size, limit: limits.maximumSize), offset: limits.maximumSize, line: 0,
      column: 0)
  }

  /// A `null` token after the document's own: the value of a key that is not there.
  var nullIndex: Int { tokens.count - 1 }

  /// The index of the token after the value at `index`.
  func next(after index: Int) -> Int {
    let token = tokens[index]
    return token.kind == .object || token.kind == .array ? Int(token.end) : index + 1
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    /// The limits' depth, as their initializer bounds it (a property set later is not).
    let maximumDepth: Int
    var tokens: [Token] = []
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
      self.bytes = bytes
      self.limits = limits
      maximumDepth = max(1, min(limits.maximumDepth, JSONLimits.deepestSupported))
      tokens.reserveCapacity(bytes.count / 8 + 2)
    }

    mutating func document() throws(JSONError) {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
      skipWhitespace()
      try value(depth: 0)
      skipWhitespace()
      guard offset == bytes.count else { throw failure("unexpected text after the value") }
    }

    private mutating func value(depth: Int) throws(JSONError) {
      guard offset < bytes.count else { throw failure("unexpected end of the text") }
      switch bytes[offset] {
      case UInt8(ascii: "{"): try container(.object, depth: depth + 1)
      case UInt8(ascii: "["): try container(.array, depth: depth + 1)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true", .true)
      case UInt8(ascii: "f"): try literal("false", .false)
      case UInt8(ascii: "n"): try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw failure("unexpected \(describe(bytes[offset]))")
      }
    }

    private mutating func container(_ kind: Kind, depth: Int) throws(JSONError) {
      guard depth <= maximumDepth else {
        throw JSONError(.tooDeep(limit: maximumDepth), at: offset, in: bytes)
      }
      let index = tokens.count
      tokens.append(Token(kind: kind, offset: UInt32(offset)))
      let closing = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
      offset += 1
      skipWhitespace()
      var count: UInt32 = 0
      if !take(closing) {
        repeat {
          skipWhitespace()
          if kind == .object {
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key in quotes") }
            try string()
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
            skipWhitespace()
          }
          try value(depth: depth)
          count += 1
          skipWhitespace()
        } while take(UInt8(ascii: ","))
        guard take(closing) else {
          throw failure(
            kind == .object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array"
          )
        }
      }
      tokens[index].length = count
      tokens[index].end = UInt32(tokens.count)
    }

    /// A string: escapes checked here and resolved when it is read, the rest checked as UTF-8.
    private mutating func string() throws(JSONError) {
      let bytes = bytes  // a local the loop below keeps in registers
      let start = offset + 1
      var index = start
      var isEscaped = false
      var bits: UInt8 = 0  // every byte or'ed: its high bit says whether one is not ASCII
      while true {
        // A run of plain bytes: most of a string.
        while index < bytes.count, case let byte = bytes[index], byte >= 0x20,
          byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "\"")
        {
          bits |= byte
          index += 1
        }
        offset = index
        guard index < bytes.count else { throw failure("unterminated string") }
        guard bytes[index] == UInt8(ascii: "\\") else { break }
        isEscaped = true
        try escape()
        index = offset
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw failure("unescaped control character in a string")
      }
      if bits >= 0x80 { try validateUTF8(start..<index) }
      tokens.append(
        Token(kind: .string, flag: isEscaped, offset: UInt32(start), length: UInt32(index - start)))
      offset = index + 1
    }

    /// Moves past the escape at `offset`: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or
    /// `\u` and four hexadecimal digits.
    private mutating func escape() throws(JSONError) {
      offset += 1
      guard offset < bytes.count else { throw failure("unterminated string") }
      switch bytes[offset] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        offset += 1
      case UInt8(ascii: "u"):
        guard offset + 4 < bytes.count,
          bytes[(offset + 1)...(offset + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }
          )
        else { throw failure("expected four hexadecimal digits after \\u") }
        offset += 5
      default:
        throw failure("invalid escape \\\(describe(bytes[offset]))")
      }
    }

    private func validateUTF8(_ range: Range<Int>) throws(JSONError) {
      do throws(UTF8.ValidationError) {
        _ = try UTF8Span(validating: UnsafeBufferPointer(rebasing: bytes[range]).span)
      } catch {
        throw JSONError(
          .malformed("invalid UTF-8 in a string"),
          at: range.lowerBound + error.byteOffsets.lowerBound,
          in: bytes)
      }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONError) {
      let start = offset
      _ = take(UInt8(ascii: "-"))
      if !take(UInt8(ascii: "0")), digits() == 0 { throw failure("expected a digit") }
      let hasFraction = take(UInt8(ascii: "."))
      if hasFraction, digits() == 0 { throw failure("expected a digit after '.'") }
      let hasExponent = take(UInt8(ascii: "e")) || take(UInt8(ascii: "E"))
      if hasExponent {
        _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
        if digits() == 0 { throw failure("expected a digit in the exponent") }
      }
      guard offset - start <= limits.maximumNumberLength else {
        throw JSONError(.numberTooLong(limit: limits.maximumNumberLength), at: start, in: bytes)
      }
      tokens.append(
        Token(
          kind: .number, flag: hasFraction || hasExponent, offset: UInt32(start),
          length: UInt32(offset - start)))
    }

    private mutating func digits() -> Int {
      let start = offset
      while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
      return offset - start
    }

    private mutating func literal(_ text: StaticString, _ kind: Kind) throws(JSONError) {
      let start = offset
      for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
        guard take(byte) else { throw failure("invalid literal, expected '\(text)'") }
      }
      tokens.append(Token(kind: kind, offset: UInt32(start), length: UInt32(offset - start)))
    }

    /// Moves past `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
      guard peek(byte) else { return false }
      offset += 1
      return true
    }

    private func peek(_ byte: UInt8) -> Bool {
      offset < bytes.count && bytes[offset] == byte
    }

    private mutating func skipWhitespace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
          offset += 1
        default: return
        }
      }
    }

    private func describe(_ byte: UInt8) -> String {
      (0x21...0x7E).contains(byte)
        ? "'\(Character(Unicode.Scalar(byte)))'"
        : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func failure(_ message: String) -> JSONError {
      JSONError(.malformed(message), at: offset, in: bytes)
    }
  }
}

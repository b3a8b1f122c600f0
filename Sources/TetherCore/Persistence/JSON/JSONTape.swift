import Foundation

/// A JSON document parsed in one pass into a flat list of tokens, in document order: what the
/// decoder reads values from, without building a tree.
///
/// A container's token says where its children end, so a reader skips a value it does not
/// want in one step; an object's children alternate key and value. The parser is strict RFC
/// 8259: one value with only whitespace around it, no trailing commas, no comments, no
/// unescaped control characters in strings. It recurses once per nesting level, which the
/// depth limit bounds.
///
/// The tape owns a copy of the document's bytes and its tokens in memory of its own, freed
/// with it: reading them takes no reference counting, which is most of what a decoder of small
/// documents would otherwise spend.
final class JSONTape {
  enum Kind: UInt8 {
    case object, array, string, number, `true`, `false`, null
  }

  struct Token {
    var kind: Kind
    /// A string with escapes, or a number with a fraction or an exponent.
    var flag = false
    /// Where its text starts (for a string, after the opening quote).
    var offset: UInt32
    /// A scalar's length in bytes; a container's number of children (an object's members).
    var length: UInt32 = 0
    /// A container's end: the index of the token after its last child.
    var end: UInt32 = 0

    var isContainer: Bool { kind == .object || kind == .array }
  }

  /// The document's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Its tokens, then one `null` token (``nullIndex``).
  let tokens: UnsafeBufferPointer<Token>
  /// A `null` token after the document's own: the value of a missing super decoder's key.
  let nullIndex: Int

  /// Parses a copy of `document`.
  init(parsing document: UnsafeRawBufferPointer, limits: SnapshotJSON.Limits)
    throws(DecodingError)
  {
    guard document.count <= limits.maximumSize, document.count < Int(UInt32.max) else {
      throw Self.corrupted(
        "the JSON is \(document.count) bytes, over the limit of \(limits.maximumSize) bytes")
    }
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(document.count, 1))
    _ = copy.initialize(from: document)
    let bytes = UnsafeBufferPointer(rebasing: copy[..<document.count])
    var parser = Parser(bytes: bytes, maximumDepth: limits.maximumDepth)
    do {
      try parser.document()
    } catch {
      parser.tokens.deallocate()
      copy.deallocate()
      throw error
    }
    parser.tokens.append(Token(kind: .null, offset: 0))
    self.bytes = bytes
    tokens = parser.tokens.finished()
    nullIndex = tokens.count - 1
  }

  /// Parses a copy of `data`.
  static func parsing(_ data: Data, limits: SnapshotJSON.Limits) throws(DecodingError)
    -> JSONTape
  {
    do {
      return try data.withUnsafeBytes { try JSONTape(parsing: $0, limits: limits) }
    } catch let error as DecodingError {
      throw error
    } catch {
      throw corrupted("\(error)")  // `withUnsafeBytes` only rethrows the parser's own
    }
  }

  deinit {
    UnsafeMutableBufferPointer(mutating: tokens).deallocate()
    UnsafeMutableBufferPointer(mutating: bytes).deallocate()
  }

  /// The index of the token after the value at `index`.
  func next(after index: Int) -> Int {
    let token = tokens[index]
    return token.isContainer ? Int(token.end) : index + 1
  }

  /// Calls `body` with the key and the value token of each member of the object at `object`.
  func forEachMember(of object: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
    var index = object + 1
    let end = Int(tokens[object].end)
    while index < end {
      body(index, index + 1)
      index = next(after: index + 1)
    }
  }

  /// The value token of the member named `name` (UTF-8) of the object at `object`, the last
  /// one when the name is there twice, or nil when it is not there.
  func member(named name: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
    var found: Int?
    forEachMember(of: object) { key, value in
      let token = tokens[key]
      if token.flag {
        if (try? string(at: key, { [] }))?.utf8.elementsEqual(name) == true { found = value }
      } else if Int(token.length) == name.count,
        name.count == 0
          || memcmp(bytes.baseAddress! + Int(token.offset), name.baseAddress!, name.count) == 0
      {
        found = value
      }
    }
    return found
  }

  static func corrupted(_ description: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [], debugDescription: "The given data was not valid JSON: \(description)."))
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var offset = 0
    var tokens: TokenBuffer

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
      self.bytes = bytes
      self.maximumDepth = maximumDepth
      tokens = TokenBuffer(capacity: bytes.count / 16 + 4)
    }

    mutating func document() throws(DecodingError) {
      skipWhitespace()
      try value(depth: 0)
      skipWhitespace()
      guard offset == bytes.count else { throw failure("unexpected text after the value") }
    }

    private mutating func value(depth: Int) throws(DecodingError) {
      guard offset < bytes.count else { throw failure("unexpected end of the text") }
      switch bytes[offset] {
      case UInt8(ascii: "{"): try container(.object, depth: depth + 1)
      case UInt8(ascii: "["): try container(.array, depth: depth + 1)
      case UInt8(ascii: "\""): tokens.append(try string())
      case UInt8(ascii: "t"): tokens.append(try literal("true", .true))
      case UInt8(ascii: "f"): tokens.append(try literal("false", .false))
      case UInt8(ascii: "n"): tokens.append(try literal("null", .null))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): tokens.append(try number())
      default: throw failure("unexpected \(describe(bytes[offset]))")
      }
    }

    private mutating func container(_ kind: Kind, depth: Int) throws(DecodingError) {
      guard depth <= maximumDepth else {
        throw failure("arrays and objects nest more than \(maximumDepth) levels deep")
      }
      let index = tokens.count
      tokens.append(Token(kind: kind, offset: UInt32(offset)))
      let closing = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
      offset += 1
      skipWhitespace()
      var count: UInt32 = 0
      if peek(closing) {
        offset += 1
      } else {
        while true {
          skipWhitespace()
          if kind == .object {
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key in quotes") }
            tokens.append(try string())
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
            offset += 1
            skipWhitespace()
          }
          try value(depth: depth)
          count += 1
          skipWhitespace()
          if peek(UInt8(ascii: ",")) {
            offset += 1
            continue
          }
          guard peek(closing) else {
            throw failure(
              kind == .object
                ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array"
            )
          }
          offset += 1
          break
        }
      }
      tokens[index].length = count
      tokens[index].end = UInt32(tokens.count)
    }

    private mutating func string() throws(DecodingError) -> Token {
      offset += 1
      let start = offset
      var escaped = false
      while true {
        offset = JSONPlainText.firstSpecial(in: bytes, from: offset)
        guard offset < bytes.count else { break }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
          defer { offset += 1 }
          return Token(
            kind: .string, flag: escaped, offset: UInt32(start), length: UInt32(offset - start))
        }
        if byte < 0x20 { throw failure("unescaped control character in a string") }
        escaped = true
        offset += 1
        guard offset < bytes.count else { break }
        switch bytes[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          break
        case UInt8(ascii: "u"):
          guard offset + 4 < bytes.count,
            (offset + 1...offset + 4).allSatisfy({ JSONTape.hexValue(bytes[$0]) != nil })
          else { throw failure("expected four hexadecimal digits after \\u") }
          offset += 4
        default:
          throw failure("invalid escape \\\(describe(bytes[offset]))")
        }
        offset += 1
      }
      throw failure("unterminated string")
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(DecodingError) -> Token {
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
      return Token(
        kind: .number, flag: hasFraction || hasExponent, offset: UInt32(start),
        length: UInt32(offset - start))
    }

    /// Moves past `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
      guard peek(byte) else { return false }
      offset += 1
      return true
    }

    private mutating func digits() -> Int {
      let start = offset
      while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
      return offset - start
    }

    private mutating func literal(_ text: StaticString, _ kind: Kind) throws(DecodingError) -> Token
    {
      let start = offset
      let count = text.utf8CodeUnitCount
      guard offset + count <= bytes.count else { throw failure("unexpected end of the text") }
      for index in 0..<count where bytes[offset + index] != text.utf8Start[index] {
        throw failure("unexpected \(describe(bytes[offset]))")
      }
      offset += count
      return Token(kind: kind, offset: UInt32(start), length: UInt32(count))
    }

    private func peek(_ byte: UInt8) -> Bool {
      offset < bytes.count && bytes[offset] == byte
    }

    private mutating func skipWhitespace() {
      while offset < bytes.count, JSONPlainText.isWhitespace(bytes[offset]) { offset += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
      (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }

    private func failure(_ description: String) -> DecodingError {
      JSONTape.corrupted("\(description) at byte \(offset)")
    }
  }

  /// Tokens as they are parsed, in memory that doubles when full and then belongs to the tape.
  struct TokenBuffer {
    private(set) var base: UnsafeMutablePointer<Token>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ token: Token) {
      if count == capacity {
        let grown = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
      }
      (base + count).initialize(to: token)
      count += 1
    }

    subscript(index: Int) -> Token {
      get { base[index] }
      nonmutating set { base[index] = newValue }
    }

    func finished() -> UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: base, count: count) }

    func deallocate() { base.deallocate() }
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

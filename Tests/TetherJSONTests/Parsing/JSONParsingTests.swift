import Foundation
import Testing
import TetherJSON

/// The parser: every malformed form a clear error at its byte, line and column; the limits;
/// strings (escapes, surrogates, UTF-8) and numbers of every size.
@Suite struct JSONParsingTests {
  func error(_ text: String, limits: JSONLimits = .default) throws -> JSONError {
    try #require(throws: JSONError.self) { try JSONValue(parsing: text.utf8, limits: limits) }
  }

  func error(_ bytes: [UInt8]) throws -> JSONError {
    try #require(throws: JSONError.self) { try JSONValue(parsing: bytes) }
  }

  @Test(arguments: [
    ("", "unexpected end of the text", 0),
    ("  ", "unexpected end of the text", 2),
    ("[", "unexpected end of the text", 1),
    (#"{"id":1,}"#, "expected a key in quotes", 8),
    ("{'a':1}", "expected a key in quotes", 1),
    ("[1 2]", "expected ',' or ']' in an array", 3),
    ("[1,2", "expected ',' or ']' in an array", 4),
    (#"{"id" 1}"#, "expected ':' after a key", 6),
    (#"{"a"}"#, "expected ':' after a key", 4),
    (#"{"id":1"#, "expected ',' or '}' in an object", 7),
    (#""open"#, "unterminated string", 5),
    (#""\"#, "unterminated string", 2),
    ("tru", "invalid literal, expected 'true'", 3),
    ("nul!", "invalid literal, expected 'null'", 3),
    ("falsy", "invalid literal, expected 'false'", 4),
    ("01", "unexpected text after the value", 1),
    ("[1]]", "unexpected text after the value", 3),
    (#"{"a":1} x"#, "unexpected text after the value", 8),
    ("1.", "expected a digit after '.'", 2),
    ("-", "expected a digit", 1),
    ("-x", "expected a digit", 1),
    ("1e+", "expected a digit in the exponent", 3),
    (".5", "unexpected '.'", 0),
    ("+1", "unexpected '+'", 0),
    ("NaN", "unexpected 'N'", 0),
    ("[1,]", "unexpected ']'", 3),
    ("// comment\n1", "unexpected '/'", 0),
    ("\u{0}", "unexpected byte 0x0", 0),
    (#""\x""#, "invalid escape \\'x'", 2),
    (#""\u12G4""#, "expected four hexadecimal digits after \\u", 2),
    (#""\u12""#, "expected four hexadecimal digits after \\u", 2),
    ("\"tab\there\"", "unescaped control character in a string", 4),
    ("\"line\nbreak\"", "unescaped control character in a string", 5),
  ])
  func malformedTextSaysWhatAndWhere(text: String, message: String, offset: Int) throws {
    let error = try error(text)
    #expect(error.reason == .malformed(message))
    #expect(error.offset == offset)
    #expect("\(error)" == "\(message) at line 1, column \(offset + 1) (byte \(offset))")
  }

  @Test func linesAndColumnsCountCharacters() throws {
    let lines = try error("{\n  \"a\": tru\n}")
    #expect((lines.offset, lines.line, lines.column) == (12, 2, 11))
    let wide = try error("[\"é\", x]")
    #expect((wide.offset, wide.line, wide.column) == (7, 1, 7))
  }

  @Test func depthIsLimitedFromTheBracketTooMany() throws {
    let limits = JSONLimits(maximumDepth: 3)
    try limits.check("[[{\"a\":1}]]".utf8)
    let deep = try error("[[{\"a\":[[]]}]]", limits: limits)
    #expect(deep.reason == .tooDeep(limit: 3) && deep.offset == 7)
    // A hostile 100,000 brackets (Foundation's parser traps past 512): one refusal at 128.
    let hostile = String(repeating: "[", count: 100_000)
    let refused = try error(hostile)
    #expect(refused.reason == .tooDeep(limit: 128) && refused.offset == 128)
    #expect(JSONLimits(maximumDepth: 10_000).maximumDepth == JSONLimits.deepestSupported)
    var raised = JSONLimits.default
    raised.maximumDepth = 100_000  // the parser still stops at the deepest supported
    #expect(try error(hostile, limits: raised).reason == .tooDeep(limit: 512))
  }

  @Test func onlyOpenBracketsOutsideStringsCount() throws {
    let limits = JSONLimits(maximumDepth: 2)
    try limits.check(#"[{"a":"[[[[\"[[[[","b":"{{{{"}]"#.utf8)
    try limits.check(("[" + String(repeating: "[1],", count: 1000) + "[]]").utf8)
    #expect(try error(#"["\\", [[1]]]"#, limits: limits).reason == .tooDeep(limit: 2))
  }

  @Test func sizeIsLimitedBeforeReading() throws {
    let limits = JSONLimits(maximumSize: 10)
    #expect(throws: Never.self) { try JSONValue(parsing: "[1,2,3,45]".utf8, limits: limits) }
    let error = try error("[1,2,3,4,5]", limits: limits)
    #expect(error.reason == .tooLarge(size: 11, limit: 10))
    #expect("\(error)" == "the JSON is 11 bytes, over the limit of 10 bytes")
  }

  @Test func hugeNumbersAreKeptExactlyUpToTheLengthLimit() throws {
    let hundred = String(repeating: "9", count: 100)
    #expect(try JSONValue(parsing: hundred.utf8) == .number(JSONNumber(text: hundred)!))
    let error = try error("[1, -" + hundred + "]")
    #expect(error.reason == .numberTooLong(limit: 100) && error.offset == 4)
    let long = String(repeating: "1", count: 1_000_000)
    #expect(try self.error(long).reason == .numberTooLong(limit: 100))
    let big = try JSONValue(parsing: "[1e400, 123456789012345678901234567890]".utf8)
    guard case .array(let numbers) = big, case .number(let huge) = numbers[0],
      case .number(let wide) = numbers[1]
    else {
      Issue.record("not two numbers: \(big)")
      return
    }
    #expect(huge.double == .infinity && huge.text == "1e400")
    #expect(wide.integer(as: Int.self) == nil)
    #expect(wide.integer(as: UInt128.self) == 123_456_789_012_345_678_901_234_567_890)
  }

  @Test(
    arguments: [
      ([0x22, 0xC3, 0x28, 0x22], 1),  // a lead byte without its continuation
      ([0x22, 0x61, 0xC0, 0xAF, 0x22], 2),  // overlong
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // a UTF-16 surrogate encoded in UTF-8
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // past U+10FFFF
      ([0x22, 0x61, 0x62, 0xE2, 0x82, 0x22], 3),  // cut short by the closing quote
      ([0x22, 0x80, 0x22], 1),  // a continuation byte alone
    ] as [([UInt8], Int)])
  func invalidUTF8InAStringIsRefusedAtItsByte(bytes: [UInt8], offset: Int) throws {
    let error = try error(bytes)
    #expect(error.reason == .malformed("invalid UTF-8 in a string") && error.offset == offset)
  }

  @Test func bytesOutsideStringsMustBeJSON() throws {
    #expect(try error([0xFF]).reason == .malformed("unexpected byte 0xFF"))
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF, 0x31]) == 1, "a byte order mark is skipped")
  }

  @Test func escapesAreResolved() throws {
    let json = #"["\u00e9\u4E2D", "\ud83d\ude00", "\/\b\f\n\r\t\"\\", "\u0000", "a\u0062c"]"#
    #expect(
      try JSONValue(parsing: json.utf8) == ["é中", "😀", "/\u{8}\u{c}\n\r\t\"\\", "\u{0}", "abc"])
  }

  /// JSON allows an escaped lone surrogate; a Swift string cannot hold one, so it reads as
  /// U+FFFD, as JavaScript writes one out.
  @Test func aLoneSurrogateReadsAsAReplacementCharacter() throws {
    let json = #"["\ud800", "\udc00x", "\ud800\u0041", "\ud800\ud800\udc00", "x\ud83d"]"#
    #expect(
      try JSONValue(parsing: json.utf8) == [
        "\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A", "\u{FFFD}𐀀", "x\u{FFFD}",
      ])
  }

  @Test func checkParsesAndKeepsNothing() throws {
    try JSONLimits.default.check(Data(#"{"posts":[{"id":1,"tags":["a","b"]}],"total":1}"#.utf8))
    let error = try #require(throws: JSONError.self) { try JSONLimits.default.check("[1,]".utf8) }
    #expect(error.offset == 3)
  }
}

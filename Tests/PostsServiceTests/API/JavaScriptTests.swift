import Testing
import TetherJSON

@testable import PostsService

/// The JavaScript semantics dummyjson's answers depend on.
@Suite("JavaScript semantics")
struct JavaScriptTests {
  @Test(arguments: [
    ("5", true), (" 5 ", true), ("", true), ("1.5", true), ("-2e3", true), (".5", true),
    ("0x1F", true), ("0b101", true), ("Infinity", true), ("-Infinity", true), ("abc", false),
    ("1a", false), ("0x", false), ("1e", false), ("--1", false), ("1.2.3", false), (".", false),
  ])
  func isNumericFollowsNumber(text: String, numeric: Bool) {
    #expect(JavaScript.isNumeric(text) == numeric)
  }

  @Test func stringsCompareByUTF16CodeUnits() {
    #expect(JavaScript.compare(.string("apple"), .string("banana")) == -1)
    #expect(JavaScript.compare(.string("b"), .string("a")) == 1)
    #expect(JavaScript.compare(.string("ab"), .string("abc")) == -1)
    #expect(JavaScript.compare(.string("same"), .string("same")) == 0)
    #expect(JavaScript.compare(.string("Zebra"), .string("apple")) == -1)
    #expect(JavaScript.compare(.string("é"), .string("z")) == 1)
    // Past U+FFFF, UTF-16 surrogates sort before U+E000...U+FFFF, unlike code points.
    #expect(JavaScript.compare(.string("x\u{10000}"), .string("x\u{E000}")) == -1)
    #expect(JavaScript.compare(.string("x\u{E000}"), .string("x\u{10000}")) == 1)
    #expect(JavaScript.compare(.string("x\u{D7FF}"), .string("x\u{E000}")) == -1)
  }

  @Test func otherValuesCompareAsSortArrayDoes() {
    #expect(JavaScript.compare(.number(2), .number(10)) == -1)
    #expect(JavaScript.compare(.bool(true), .bool(false)) == 1)
    #expect(
      JavaScript.compare(.array([.string("a"), .string("b")]), .array([.string("a,c")])) == -1)
    #expect(JavaScript.compare(.object(JSONObject()), .object(JSONObject())) == 0)
    #expect(JavaScript.compare(nil, .number(1)) == 0)
    #expect(JavaScript.string(.number(5)) == "5")
    #expect(JavaScript.string(.number(1.5)) == "1.5")
  }
}

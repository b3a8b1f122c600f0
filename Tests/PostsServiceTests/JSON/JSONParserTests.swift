import Foundation
import Testing

@testable import PostsService

@Suite("JSON parser")
struct JSONParserTests {
  private func parse(_ text: String) throws(JSONReadError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(
      #" {"a": [1, -2.5e3, true, false, null], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {}} "#
    )
    guard case .object(let object) = value else {
      Issue.record("not an object")
      return
    }
    #expect(
      object["a"] == .array([.number(1), .number(-2500), .boolean(true), .boolean(false), .null]))
    #expect(object["s"] == .string("x\"\\/\u{8}\u{C}\n\r\té😀"))
    #expect(object["o"] == .object(JSONObject()))
    #expect(object.members.map(\.key) == ["a", "s", "o"])
  }

  @Test func aRepeatedKeyKeepsItsPlaceAndTakesTheLastValue() throws {
    guard case .object(let object) = try parse(#"{"b": 1, "a": 2, "b": 3}"#) else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.map(\.key) == ["b", "a"])
    #expect(object["b"] == .number(3))
  }

  @Test(arguments: [
    ("", "unexpected end of the JSON at byte 0"),
    ("[1,]", "unexpected ']' at byte 3"),
    (#"{"a" 1}"#, "expected ':' after a key at byte 5"),
    ("01", "unexpected text after the JSON value at byte 1"),
    ("\"\u{1}\"", "control character in a string at byte 1"),
    (#""\x""#, "invalid escape '\\'x'' at byte 2"),
    ("1.", "invalid number at byte 2"),
    ("tru", "invalid literal, expected 'true' at byte 3"),
    ("[1] [2]", "unexpected text after the JSON value at byte 4"),
  ])
  func refusesWhatIsNotJSON(text: String, message: String) {
    #expect {
      try parse(text)
    } throws: { error in
      "\(error)" == message
    }
  }

  @Test func refusesInvalidUTF8AndOverlongNumbers() {
    #expect(throws: JSONReadError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
    #expect(throws: JSONReadError.self) { try parse(String(repeating: "1", count: 101)) }
    #expect(throws: Never.self) { try parse(String(repeating: "1", count: 100)) }
  }

  @Test func aLoneSurrogateBecomesAReplacementCharacter() throws {
    #expect(try parse(#""\ud800x""#) == .string("\u{FFFD}x"))
  }

  @Test func checksTheLimitsFirst() {
    #expect {
      try parse(String(repeating: "[", count: 33) + String(repeating: "]", count: 33))
    } throws: { error in
      guard case .limit(.tooDeep(let limit, _)) = error as? JSONReadError else { return false }
      return limit == 32
    }
    #expect(throws: Never.self) {
      try parse(String(repeating: "[", count: 32) + String(repeating: "]", count: 32))
    }
  }

  @Test func largeDocumentsParseWhole() throws {
    // Many keys (looked up through an index, not one by one) and a long string.
    let keys = (0..<50_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    guard case .object(let object) = try parse("{\(keys)}") else {
      Issue.record("not an object")
      return
    }
    #expect(object.count == 50_000)
    #expect(object["k49999"] == .number(49_999))
    let long = String(repeating: "é", count: 400_000)
    #expect(try parse("\"\(long)\"") == .string(long))
  }

  @Test func writesBackWhatItRead() throws {
    let text = #"{"id":1,"tags":["a","b"],"nested":{"x":null,"y":false},"n":0.5}"#
    var writer = JSONWriter()
    writer.value(try parse(text))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
  }
}

import Foundation
import Testing
import TetherJSON

/// The value: every kind parsed and written back, objects in order, numbers exact and compared
/// by value, and large documents in linear time.
@Suite struct JSONValueTests {
  @Test func readsEveryKindOfValueInOrder() throws {
    let value = try JSONValue(
      parsing: #" {"a": [1, -2.5e3, true, false, null], "s": "x", "o": {}, "e": []} "#.utf8)
    guard case .object(let object) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(object.keys == ["a", "s", "o", "e"])
    #expect(object["a"] == [1, -2500, true, false, .null])
    #expect(value["s"] == "x" && value["o"] == .object([:]) && value["e"] == [])
    #expect(value["missing"] == nil && JSONValue.string("x")["a"] == nil)
  }

  @Test func aRepeatedKeyKeepsItsPlaceAndTakesTheLastValue() throws {
    let value = try JSONValue(parsing: #"{"b": 1, "a": 2, "b": 3}"#.utf8)
    #expect(value == ["b": 3, "a": 2])
    #expect(value != ["a": 2, "b": 3], "order is part of an object")
  }

  @Test func anObjectIsEditedInPlace() {
    var object: JSONObject = ["id": 1, "name": "a"]
    object["id"] = 2
    object["tags"] = ["x"]
    object["name"] = nil
    object["missing"] = nil
    #expect(object.keys == ["id", "tags"] && object["id"] == 2 && object.count == 2)
    #expect(object.map(\.key) == ["id", "tags"])
    // Past twelve members lookups go through an index, kept right as members come and go.
    for index in 0..<20 { object["k\(index)"] = .number(JSONNumber(index)) }
    object["k3"] = nil
    object["k5"] = "five"
    #expect(object["k4"] == 4 && object["k5"] == "five" && object["k3"] == nil)
    #expect(object.count == 21 && object.keys.last == "k19")
  }

  @Test func writesBackWhatItRead() throws {
    let text =
      #"{"id":1,"tags":["a","b"],"nested":{"x":null,"y":false},"n":0.5,"big":12345678901234567890}"#
    #expect(try JSONValue(parsing: text.utf8).description == text)
  }

  @Test func literalsMakeValues() {
    let value: JSONValue = [
      "id": 1, "ratio": 0.5, "title": "Hello", "draft": false, "parent": .null,
    ]
    #expect(
      value.description == #"{"id":1,"ratio":0.5,"title":"Hello","draft":false,"parent":null}"#)
  }

  @Test func numbersAreComparedByValueAndReadExactly() throws {
    let equal: [(String, String)] = [
      ("2500", "2.5e3"), ("1", "1.0"), ("0", "-0"), ("0.1", "1e-1"), ("100", "1E+2"), ("0", "0e5"),
    ]
    for (left, right) in equal {
      let (a, b) = (try #require(JSONNumber(text: left)), try #require(JSONNumber(text: right)))
      #expect(a == b && a.hashValue == b.hashValue, "\(left) = \(right)")
    }
    #expect(JSONNumber(text: "1") != JSONNumber(text: "1.5"))
    #expect(JSONNumber(text: "9007199254740993") != JSONNumber(text: "9007199254740992"))
    #expect(
      JSONNumber(text: "01") == nil && JSONNumber(text: "1 ") == nil && JSONNumber(text: "") == nil)
    let id: JSONNumber = 9_007_199_254_740_993
    #expect(id.integer(as: Int64.self) == 9_007_199_254_740_993)
    #expect(JSONNumber(text: "1.5e1")?.integer() == 15 && JSONNumber(text: "1.5")?.integer() == nil)
    #expect(JSONNumber(text: "-128")?.integer(as: Int8.self) == -128)
    #expect(JSONNumber(text: "128")?.integer(as: Int8.self) == nil)
    #expect(JSONNumber(text: "-1")?.integer(as: UInt.self) == nil)
    let (tenth, whole) = (0.1, 42.0)
    #expect(JSONNumber(tenth)?.text == "0.1" && JSONNumber(whole)?.text == "42")
    #expect(JSONNumber(Double.nan) == nil && JSONNumber(-.infinity) == nil)
    #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
  }

  @Test func largeDocumentsParseWhole() throws {
    let keys = (0..<50_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    let value = try JSONValue(parsing: "{\(keys)}".utf8)
    guard case .object(let object) = value else {
      Issue.record("not an object")
      return
    }
    #expect(object.count == 50_000 && object["k49999"] == 49_999)
    let long = String(repeating: "é", count: 400_000)
    #expect(try JSONValue(parsing: "\"\(long)\"".utf8) == .string(long))
  }

  @Test func encodesAnyEncodableInItsOwnOrder() throws {
    struct Sample: Codable, Equatable {
      var zeta = 1
      var alpha = "a"
      var nothing: Int? = nil
      var nested = ["b": 2]
    }
    let value = try JSONValue(encoding: Sample())
    #expect(value == ["zeta": 1, "alpha": "a", "nested": ["b": 2]])
    #expect(try JSONCoder().decode(Sample.self, from: value) == Sample())
  }

  @Test func isCodableThroughFoundationToo() throws {
    let value: JSONValue = [
      "id": 1, "ratio": 0.25, "tags": ["a", .null, true], "nested": ["x": "y"],
    ]
    let data = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: data)["tags"] == ["a", .null, true])
    #expect(try JSONCoder().decode(JSONValue.self, from: data)["ratio"] == 0.25)
    let ours = try JSONCoder().encode(["value": value])
    #expect(String(decoding: ours, as: UTF8.self) == #"{"value":\#(value)}"#)
    #expect(try JSONCoder().decode([String: JSONValue].self, from: ours) == ["value": value])
  }
}

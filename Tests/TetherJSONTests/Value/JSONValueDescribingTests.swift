import Foundation
import Testing
import TetherJSON

@Suite struct JSONValueDescribingTests {
  @Test func encodesInDeclarationOrderWithReadableScalars() throws {
    struct Sample: Encodable {
      var zeta = 1
      var alpha = "a"
      var when = Date(timeIntervalSince1970: 0)
      var link = URL(string: "https://example.com/x")!
      var nothing: Int? = nil
      var ratio = 0.5
      var blob = Data(count: 3)
      var wide: Int64 = 1 << 40
      var small: UInt8 = 7
      var infinite = Double.infinity
    }
    let value = JSONValue(describing: Sample())
    #expect(
      value.text()
        == #"{"zeta":1,"alpha":"a","when":"1970-01-01T00:00:00Z","link":"https://example.com/x","#
        + #""ratio":0.5,"blob":"3 bytes","wide":1099511627776,"small":7,"infinite":"inf"}"#)
  }

  @Test func reflectsValuesThatAreNotEncodable() {
    final class Loop: @unchecked Sendable {
      var name = "loop"
      var next: Loop?
    }
    let loop = Loop()
    loop.next = loop
    enum Shape {
      case circle(radius: Double)
      case none
    }
    struct Holder {
      var items: [Int]
      var names: [String: Int]
      var loop: Loop
      var shape: Shape
      var pair: (Int, String)
      var when: Date
    }
    let value = JSONValue(
      describing: Holder(
        items: [1, 2], names: ["b": 2, "a": 1], loop: loop, shape: .circle(radius: 2),
        pair: (1, "x"), when: Date(timeIntervalSince1970: 0)))
    let json = value.text(.pretty)
    #expect(json.contains("\"items\": [\n    1,\n    2\n  ]"), "\(json)")
    #expect(json.contains("\"a\": 1,\n    \"b\": 2"), "dictionaries sorted: \(json)")
    #expect(json.contains("<cycle"), "a cycle ends: \(json)")
    #expect(value["shape"] == ["circle": ["radius": 2]])
    #expect(value["pair"] == [1, "x"])
    #expect(value["when"] == "1970-01-01T00:00:00Z")
    #expect(JSONValue(reflecting: [[[1]]], depth: 2) == [["[1]"]], "deeper levels as text")
  }

  @Test func aValueThatCannotBeEncodedIsReflected() {
    struct Nothing: Encodable {
      var hidden = 1
      func encode(to encoder: any Encoder) throws {}
    }
    #expect(JSONValue(describing: Nothing()) == ["hidden": 1])
  }

  @Test func prettyTextEscapesControlCharacters() {
    let text = JSONValue.string("a\"b\\c\n\u{1B}[31m\u{7}").text(.pretty)
    #expect(text == #""a\"b\\c\n\u001b[31m\u0007""#)
  }
}

import Foundation
import Testing
import TetherJSON

@Suite struct JSONWriterTests {
  func text(_ writer: JSONWriter) -> String { String(decoding: writer.bytes, as: UTF8.self) }

  @Test func writesNestedValuesWithCommasInOrder() {
    var writer = JSONWriter()
    writer.object { json in
      json.field("b", 1)
      json.field("a", "x")
      json.field("list", ["p", "q"])
      json.key("nested")
      json.object { json in
        json.field("yes", true)
        json.field("rate", 0.25)
        json.field("whole", 3.0)
        json.field("negative", -42)
        json.field("none", .null)
      }
      json.key("empty")
      json.array { _ in }
    }
    #expect(
      text(writer)
        == #"{"b":1,"a":"x","list":["p","q"],"nested":{"yes":true,"rate":0.25,"whole":3,"negative":-42,"none":null},"empty":[]}"#
    )
  }

  @Test func prettyPutsOneMemberOrElementALine() {
    let value: JSONValue = [
      "id": 248, "tags": ["a", "b"], "empty": [], "none": [:], "r": ["x": 1],
    ]
    #expect(
      value.text(.pretty) == """
        {
          "id": 248,
          "tags": [
            "a",
            "b"
          ],
          "empty": [],
          "none": {},
          "r": {
            "x": 1
          }
        }
        """)
    #expect(JSONValue.string("x").text(.pretty) == #""x""#)
  }

  @Test func numbersAreShortestAndWholeOnesPlain() {
    var writer = JSONWriter()
    writer.array { json in
      for number in [0.1, 42, -0.0, 1e-7, 1e300, 0.1 + 0.2, .nan, .infinity] { json.value(number) }
      json.value(Int.min)
    }
    #expect(
      text(writer) == "[0.1,42,-0,1e-07,1e+300,0.30000000000000004,null,null,-9223372036854775808]")
  }

  @Test(arguments: [
    "plain", "quote \" backslash \\ slash /", "line\nbreak\rreturn\ttab\u{8}\u{c}",
    "\u{1B}[31mred\u{1B}[0m", "\u{0}\u{1F}\u{7F}", "c1 \u{80}\u{85}\u{9B}\u{9F} not \u{A0}é",
    "café 東京 👩‍💻 🇯🇵", "",
  ])
  func stringsRoundTripThroughFoundation(text: String) throws {
    var writer = JSONWriter()
    writer.array { $0.value(text) }
    #expect(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String] == [text])
    #expect(try JSONValue(parsing: writer.bytes) == [.string(text)])
    // Nothing a terminal acts on is left raw: no C0 or C1 control, no DEL.
    let written = String(decoding: writer.bytes, as: UTF8.self)
    #expect(
      !written.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  @Test func escapesUseLettersWhereJSONHasThem() {
    #expect(
      JSONValue.string("a\"b\\c\n\u{1B}[31m\u{7}\u{85}").description
        == #""a\"b\\c\n\u001b[31m\u0007\u0085""#)
  }
}

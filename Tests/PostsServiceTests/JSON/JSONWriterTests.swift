import Foundation
import Testing

@testable import PostsService

@Suite("JSON writer")
struct JSONWriterTests {
  @Test func writesNestedValuesWithCommasInOrder() {
    var writer = JSONWriter()
    writer.object { json in
      json.field("b", 1)
      json.field("a", "x")
      json.field("list", strings: ["p", "q"])
      json.key("nested")
      json.object { json in
        json.field("yes", true)
        json.field("rate", 0.25)
        json.field("whole", 3.0)
        json.field("negative", -42)
      }
      json.key("empty")
      json.array { _ in }
    }
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"{"b":1,"a":"x","list":["p","q"],"nested":{"yes":true,"rate":0.25,"whole":3,"negative":-42},"empty":[]}"#
    )
  }

  @Test(arguments: [
    "plain", "quote \" backslash \\ slash /", "line\nbreak\rreturn\ttab", "\u{1B}[31mred\u{1B}[0m",
    "\u{0}\u{1F}\u{7F}", "café 東京 👩‍💻 🇯🇵", "",
  ])
  func stringsRoundTripThroughJSONSerialization(text: String) throws {
    var writer = JSONWriter()
    writer.array { $0.value(text) }
    let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
    #expect(parsed == [text])
    #expect(!writer.bytes.contains { $0 < 0x20 })
  }
}

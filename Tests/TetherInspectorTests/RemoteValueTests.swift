import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherJSON

@Suite struct RemoteValueTests {
  @Test func aJSONValueOfAnotherProcessShowsAsItsTree() throws {
    let value = try JSONValue(
      parsing: Array(#"{"posts":[{"id":1,"title":"Hi","score":1.5}],"total":1}"#.utf8))
    let outline = ValueOutline(JSONValue(describing: value))
    #expect(outline.nodes.map(\.key) == ["value", "posts", "0", "id", "title", "score", "total"])
    #expect(outline.nodes.map(\.text) == ["", "", "", "1", "Hi", "1.5", "1"])
  }

  struct Sizes: Encodable {
    var small: Int8 = -3
    var large: Int64 = 1 << 40
    var unsigned: UInt64 = 7
    var ratio: Float = 0.5
  }

  @Test func integersOfEveryWidthShowAsNumbers() throws {
    let outline = ValueOutline(JSONValue(describing: Sizes()))
    #expect(outline.nodes.map(\.text) == ["", "-3", "1099511627776", "7", "0.5"])
  }
}

import Testing
import TetherDevtools
import TetherJSON

@Suite struct ValueDiffTests {
  @Test func marksFieldsAddedRemovedAndChangedAndFoldsTheRest() {
    let old: JSONValue = ["id": 1, "title": "Old", "body": "same", "views": 3, "draft": true]
    let new: JSONValue = ["id": 1, "title": "New", "body": "same", "views": 3, "tags": ["a"]]
    let diff = ValueDiff(from: old, to: new)
    #expect(diff.summary == "+1 −1 ~1")
    let text = diff.lines.map { "\($0.mark.rawValue) \($0.name): \($0.text)" }
    #expect(text.contains(#"~ title: "Old" → "New""#), "\(text)")
    #expect(text.contains(#"+ tags: ["a"]"#), "\(text)")
    #expect(text.contains("− draft: true"), "\(text)")
    #expect(text.contains("  : … 1 unchanged"), "id folded: \(text)")
    #expect(text.contains("  : … 2 unchanged"), "body and views folded: \(text)")
  }

  @Test func matchesArraysOfObjectsByTheirID() {
    let posts: [JSONValue] = (1...20).map { ["id": .number(JSONNumber($0)), "title": "post"] }
    let inserted: JSONValue = .array([["id": 99, "title": "new"]] + posts)
    let diff = ValueDiff(from: .array(posts), to: inserted)
    #expect(diff.summary == "+1 −0 ~0", "one post added, not twenty changed: \(diff.lines)")
    #expect(diff.lines.first?.name == "[id 99]")
    #expect(diff.lines.last?.text == "… 20 unchanged")
  }

  @Test func descendsIntoChangedMembersOfMatchedElements() {
    let old: JSONValue = ["posts": [["id": 1, "title": "A"], ["id": 2, "title": "B"]]]
    let new: JSONValue = ["posts": [["id": 2, "title": "B!"]]]
    let diff = ValueDiff(from: old, to: new)
    let text = diff.lines.map {
      "\(String(repeating: " ", count: $0.depth))\($0.mark.rawValue)\($0.name)"
    }
    #expect(text == [" posts", "  [id 2]", "   ", "  ~title", " −[id 1]"], "\(diff.lines)")
    #expect(diff.summary == "+0 −1 ~1")
  }

  @Test func comparesOtherArraysByPosition() {
    let diff = ValueDiff(from: [1, 2, 3], to: [1, 5])
    #expect(diff.lines.map(\.name) == ["", "[1]", "[2]"])
    #expect(diff.summary == "+0 −1 ~1")
  }

  @Test func sameValuesSayNoChange() {
    let diff = ValueDiff(from: ["a": 1], to: ["a": 1])
    #expect(diff.isEmpty)
    #expect(diff.summary == "no change")
  }
}

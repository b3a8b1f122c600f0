import Testing

@testable import TetherCore

@Suite struct OperationPathTests {
  @Test func equalityAndHashingAgree() {
    let a: OperationPath = ["a"]
    let ab: OperationPath = ["a", "b"]
    #expect(a != ab)
    #expect(a.hashValue != ab.hashValue)
    #expect(OperationPath(["post", 42]) == ["post", 42])
    #expect(OperationPath(["post", 42]).hashValue == OperationPath(["post", 42]).hashValue)
    #expect(OperationPath(["post", 42]) != ["post", "42"])
    #expect(Set<OperationPath>([["a"], ["a", "b"], ["a"]]).count == 2)
  }

  /// An element is made from its value's type without a cast: integers of every width are one
  /// integer, an element given as an element is itself.
  @Test func elementsAreMadeByTheirValuesType() {
    let element = OperationPath.Element("post")
    #expect(OperationPath.Element(element) == element)
    #expect(OperationPath.Element(element).base as? String == "post")
    #expect(OperationPath.Element(42) == OperationPath.Element(Int64(42)))
    #expect(OperationPath.Element(UInt8(7)).base as? Int == 7)
    #expect(OperationPath.Element(42) != OperationPath.Element("42"))
    #expect(OperationPath.Element(1.5).base as? Double == 1.5)
  }

  @Test func prefixes() {
    let path: OperationPath = ["posts", "page", 2]
    #expect(path.hasPrefix([]))
    #expect(path.hasPrefix(["posts"]))
    #expect(path.hasPrefix(["posts", "page", 2]))
    #expect(!path.hasPrefix(["posts", "page", 3]))
    #expect(!path.hasPrefix(["posts", "page", 2, "x"]))
    #expect(!OperationPath(["post"]).hasPrefix(["posts"]))
  }

  @Test func descriptionShowsElements() {
    #expect(OperationPath(["post", 42]).description == #"["post", 42]"#)
    #expect(OperationPath([]).description == "[]")
    #expect(OperationPath(["a"]).appending(1) == ["a", 1])
  }
}

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

import Foundation
import Testing
import TetherCore

/// Paths written down and read back, and their stable keys.
struct PersistedPathTests {
  let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  @Test func everyPersistableElementRoundTripsThroughJSON() throws {
    let path: OperationPath = ["post", 42, true, 1.5, 3.0, uuid, "a \"quoted\" \\ line\n"]
    let persisted = try #require(PersistedPath(path))
    let data = try JSONEncoder().encode(persisted)
    let decoded = try JSONDecoder().decode(PersistedPath.self, from: data)
    #expect(decoded == persisted)
    #expect(decoded.operationPath == path)
  }

  @Test func keysAreStableJSONThatTellsTypesApart() throws {
    #expect(PersistedPath(["post", 42])?.key == #"["post",42]"#)
    #expect(PersistedPath([42.0])?.key == "[42.0]")
    #expect(PersistedPath([-0.0])?.key == PersistedPath([0.0])?.key)
    #expect(PersistedPath(["42"])?.key == #"["42"]"#)
    #expect(PersistedPath([true])?.key == "[true]")
    #expect(PersistedPath(["tab\tand\u{1}"])?.key == #"["tab\tand\u0001"]"#)
    #expect(PersistedPath([uuid])?.key == #"[{"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}]"#)
    #expect(PersistedPath([])?.key == "[]")
  }

  @Test func integersOfEveryWidthAreOneKey() {
    #expect(PersistedPath([Int64(7)])?.key == PersistedPath([7])?.key)
    #expect(PersistedPath([UInt8(7)])?.key == "[7]")
    #expect(PersistedPath([UInt64.max]) == nil)
  }

  @Test func pathsWithOtherElementsAreNotPersisted() {
    enum Kind: Hashable, Sendable { case feed }
    #expect(PersistedPath(["posts", Kind.feed]) == nil)
    #expect(PersistedPath([Double.nan]) == nil)
  }

  @Test func differentPathsHaveDifferentKeys() {
    let paths: [OperationPath] = [
      ["a", "b"], ["a,b"], ["a\",\"b"], [1, 2], ["1", "2"], [1.0, 2.0], [true], ["true"],
    ]
    let keys = Set(paths.compactMap { PersistedPath($0)?.key })
    #expect(keys.count == paths.count)
  }

  @Test func aKeyReadsBackAsItsPath() throws {
    let paths: [OperationPath] = [
      [], ["post", 42], [-7, 0, Int.max], [true, false], [1.5, 42.0, -0.25, 1e20], [uuid],
      ["a \"quoted\" \\ line\n\t\r\u{1}\u{7F} 🐈 長城", ""],
    ]
    for path in paths {
      let persisted = try #require(PersistedPath(path))
      #expect(PersistedPath(key: persisted.key) == persisted, "\(persisted.key)")
    }
  }

  /// Keys of plain strings and integers are read by a scan of their own; these are at its
  /// edges, where it must agree with the parser or leave the key to it.
  @Test func plainKeysReadAsTheParserReadsThem() {
    let read: [(String, [PersistedPath.Element])] = [
      (#"["post",42]"#, [.string("post"), .integer(42)]),
      (#"[0,-1,"",""]"#, [.integer(0), .integer(-1), .string(""), .string("")]),
      ("[\(Int.max)]", [.integer(Int.max)]),
      ("[\(Int.min)]", [.integer(Int.min)]),
      (#"["貓 🐈","a,b","[x]"]"#, [.string("貓 🐈"), .string("a,b"), .string("[x]")]),
      (#"["a\"b",1.5,true]"#, [.string("a\"b"), .double(1.5), .boolean(true)]),
      ("[ 1 , 2 ]", [.integer(1), .integer(2)]),
    ]
    for (key, elements) in read {
      #expect(PersistedPath(key: key)?.elements == elements, "\(key)")
    }
    for key in ["[01]", "[-]", #"["a"x]"#, "[1,,2]", "[,1]", "[1,]", "[\"tab\there\"]", "[1a]"] {
      #expect(PersistedPath(key: key) == nil, "\(key)")
    }
  }

  @Test func whatIsNotAKeyIsRefused() {
    for text in ["", "[", "]", "[1,]", "[1]x", #"["open]"#, "[nul]", #"[{"uuid":"nope"}]"#, "[--]"]
    {
      #expect(PersistedPath(key: text) == nil, "\(text)")
    }
  }
}

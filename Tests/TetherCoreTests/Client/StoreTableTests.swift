import Testing

@testable import TetherCore

/// The client's trie of stores: integer elements live in their own dictionaries, so these
/// tests mix integer, string and other elements at every level.
@Suite struct StoreTableTests {
  let client = OperationClient.testing()

  private func query(_ path: OperationPath) -> Query<Int, any Error> {
    Query(path) { _ in 1 }
  }

  @Test func integersStringsAndOtherElementsAreDifferentKeysAtEveryLevel() {
    let paths: [OperationPath] = [
      ["a", 1], ["a", "1"], ["a", 1, "x"], ["a", "1", "x"], [1, "a"], ["1", "a"],
      ["a", 1.5], ["a", true],
    ]
    let stores = paths.map { client.store(for: query($0)) }
    #expect(client.storeCount == paths.count)
    for (path, store) in zip(paths, stores) {
      #expect(client.store(at: path) === store)
      #expect(client.store(for: query(path)) === store)
    }
    #expect(
      Set(client.stores(matching: ["a"]).map(\.path)) == Set(paths.prefix(4) + paths.suffix(2)))
    #expect(
      client.stores(matching: ["a", 1]).map(\.path).sorted { $0.count < $1.count } == [
        ["a", 1], ["a", 1, "x"],
      ])
    #expect(client.stores(matching: [1]).map(\.path) == [[1, "a"]])
    #expect(client.stores(matching: []).count == paths.count)
  }

  @Test func anIntegerOfAnotherWidthFindsTheSameStore() {
    let store = client.store(for: query(["post", 7]))
    #expect(client.store(at: ["post", Int64(7)]) === store)
    #expect(client.store(at: ["post", UInt8(7)]) === store)
    #expect(client.store(for: query(["post", Int32(7)])) === store)
  }

  @Test func removingAStorePrunesNodesLeftEmptyAndKeepsTheRest() {
    var table = StoreTable()
    for path: OperationPath in [["a", 1], ["a", 1, "x", 2], ["a", "b"]] {
      _ = table.store(at: path) { client.store(for: query(path)) }
    }
    #expect(table.count == 3)
    #expect(table.remove(at: ["a", 1, "x", 2])?.path == ["a", 1, "x", 2])
    #expect(table.remove(at: ["a", 1, "x", 2]) == nil)
    #expect(table.count == 2)
    #expect(table.stores(matching: ["a", 1]).map(\.path) == [["a", 1]])
    #expect(table.store(at: ["a", "b"])?.path == ["a", "b"])
    #expect(table.remove(at: ["a", 1])?.path == ["a", 1])
    #expect(table.stores(matching: ["a"]).map(\.path) == [["a", "b"]])
  }

  @Test func theEmptyPathHoldsAStoreOfItsOwn() {
    let root = client.store(for: query([]))
    let child = client.store(for: query([0]))
    #expect(client.store(at: []) === root)
    #expect(client.stores(matching: []).count == 2)
    #expect(client.store(at: [0]) === child)
  }
}

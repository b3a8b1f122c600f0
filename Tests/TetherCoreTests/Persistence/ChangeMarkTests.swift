import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct ChangeMarkTests {
  let client = OperationClient.testing()

  final class Marked: Sendable {
    let paths = SanitizerVisibleMutex<[OperationPath]>([])
    var all: [OperationPath] { paths.withLock { $0 } }
  }

  @Test func aStoreIsMarkedOnceUntilItsMarkIsCleared() async throws {
    let marked = Marked()
    let marking = client.markChangedStores { store in
      marked.paths.withLock { $0.append(store.path) }
    }
    let store = client.store(for: Query<Int, any Error>(["count"]) { _ in 1 }.enabled(false))
    #expect(marked.all == [["count"]])  // added
    _ = try await store.fetch()
    _ = try await store.fetch()
    #expect(marked.all == [["count"]])
    client.clearChangeMark(of: store)
    store.setCurrentValue(5)
    #expect(marked.all == [["count"], ["count"]])
    client.clearChangeMark(of: store)
    client.remove(at: ["count"])
    #expect(marked.all.count == 3 && !client.holds(store))
    marking.cancel()
    let other = client.store(for: Query<Int, any Error>(["other"]) { _ in 1 }.enabled(false))
    _ = try await other.fetch()
    #expect(marked.all.count == 3)
  }
}

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

  /// A persister and an inspector mark at once: each hears of every change after a clear by
  /// either, and of what changes a store without changing its state (a subscriber).
  @Test func severalMarkersEachHearOfEveryStoreChangedSinceAnyClear() async throws {
    let first = Marked()
    let second = Marked()
    let one = client.markChangedStores { store in first.paths.withLock { $0.append(store.path) } }
    let two = client.markChangedStores { store in second.paths.withLock { $0.append(store.path) } }
    let store = client.store(for: Query<Int, any Error>(["count"]) { _ in 1 }.enabled(false))
    #expect(first.all == [["count"]] && second.all == [["count"]])
    client.clearChangeMark(of: store)  // by the first: the second is told again too
    let subscription = store.subscribe { _ in }
    #expect(first.all.count == 2 && second.all.count == 2)
    client.clearChangeMark(of: store)
    subscription.cancel()
    #expect(first.all.count == 3 && second.all.count == 3)
    one.cancel()
    client.clearChangeMark(of: store)
    _ = try await store.fetch()
    #expect(first.all.count == 3 && second.all.count == 4)
    two.cancel()
  }
}

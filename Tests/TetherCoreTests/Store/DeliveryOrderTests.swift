import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct DeliveryOrderTests {
  /// `fetch()` returns only after every subscriber and client listener has seen the state its
  /// run left — also when another thread is delivering the store's changes at that moment
  /// (four tasks fetch at once, and a slow subscriber keeps whichever thread delivers busy).
  @Test func fetchReturnsAfterSubscribersAndListenersSawItsState() async throws {
    let client = OperationClient.testing()
    let next = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["ordered"]) { _ in next.increment() }.enabled(false))
    let seenBySubscriber = Seen()
    let seenByListener = Seen()
    let subscription = store.subscribe { state in
      if let value = state.currentValue { seenBySubscriber.insert(value) }
    }
    let slow = store.subscribe { _ in
      var spin = 0
      for index in 0..<2_000 { spin &+= index }
      precondition(spin > 0)
    }
    let events = client.subscribeToEvents { event in
      guard case .storeUpdated(let updated) = event,
        let value = updated.snapshot.currentValue as? Int?, let value
      else { return }
      seenByListener.insert(value)
    }
    let misses = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var misses = 0
          for _ in 0..<500 {
            guard let value = try? await store.fetch() else { continue }
            if !seenBySubscriber.contains(value) { misses += 1 }
            if seenByListener.maximum < value { misses += 1 }
          }
          return misses
        }
      }
      return await group.reduce(0, +)
    }
    #expect(misses == 0)
    #expect(next.count <= 2_000)
    subscription.cancel()
    slow.cancel()
    events.cancel()
  }
}

/// The values a handler has seen.
final class Seen: Sendable {
  private let values = SanitizerVisibleMutex(Set<Int>())
  func insert(_ value: Int) { _ = values.withLock { $0.insert(value) } }
  func contains(_ value: Int) -> Bool { values.withLock { $0.contains(value) } }
  var maximum: Int { values.withLock { $0.max() ?? .min } }
}

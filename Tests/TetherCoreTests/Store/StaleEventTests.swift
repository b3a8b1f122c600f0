import Foundation
import Testing
import TetherSynchronization

@testable import TetherCore

/// Staleness as an event (TanStack's observer stale timeout) and the subscriber events
/// (`observerAdded`, `observerRemoved`).
@Suite(.timeLimit(.minutes(1))) struct StaleEventTests {
  /// The client's events, as they are emitted.
  final class EventLog: Sendable {
    private let events = SanitizerVisibleMutex([String]())
    private let subscription = SanitizerVisibleMutex<OperationSubscription?>(nil)

    init(_ client: OperationClient) {
      let subscription = client.subscribeToEvents { [weak self] event in
        let name: String? =
          switch event {
          case .subscriberAdded(let store): "added \(store.path)"
          case .subscriberRemoved(let store): "removed \(store.path)"
          case .storeBecameStale(let store): "stale \(store.path)"
          default: nil
          }
        if let name { self?.events.withLock { $0.append(name) } }
      }
      self.subscription.withLock { $0 = subscription }
    }

    var all: [String] { events.withLock { $0 } }
  }

  let clock = TestClock()
  let client: OperationClient

  init() {
    var defaults = OperationDefaults()
    defaults.garbageCollectionDelay = .seconds(300)
    client = OperationClient.testing(clock: clock, defaults: defaults)
  }

  func post(stale: Duration = .seconds(10)) -> some QueryRequest<Int, any Error> {
    let values = Counter()
    return Query<Int, any Error>(["post", 1]) { _ in values.increment() }
      .stale(after: stale).enabled(false)
  }

  @Test func anObserverIsToldAtTheStaleTimeAndNotBefore() async throws {
    let events = EventLog(client)
    let store = client.store(for: post())
    try await store.fetch()
    let staleDate = clock.now().adding(.seconds(10))
    let recorder = StateRecorder(store)
    await recorder.next { $0.currentValue == 1 }
    await clock.waitForSleepers(dueBy: staleDate)
    clock.advance(by: .seconds(9))
    #expect(recorder.states.count == 1 && !store.isStale)
    #expect(!events.all.contains("stale [\"post\", 1]"))
    clock.advance(by: .seconds(1))
    let told = await recorder.next { _ in true }
    #expect(told.isStale(at: clock.now()) && told.currentValue == 1)
    #expect(events.all.last == #"stale ["post", 1]"#)
    recorder.cancel()
  }

  @Test func newDataMovesTheTimer() async throws {
    let store = client.store(for: post())
    let recorder = StateRecorder(store)
    try await store.fetch()
    await recorder.next { $0.currentValue == 1 }
    clock.advance(by: .seconds(5))
    try await store.fetch()
    await recorder.next { $0.currentValue == 2 }
    let count = recorder.states.count
    let staleDate = clock.now().adding(.seconds(10))
    await clock.waitForSleepers(dueBy: staleDate)
    clock.advance(by: .seconds(5))  // the first value's stale time: nothing
    #expect(recorder.states.count == count && !store.isStale)
    clock.advance(to: staleDate)
    let told = await recorder.next { _ in true }
    #expect(told.currentValue == 2 && told.isStale(at: clock.now()))
    recorder.cancel()
  }

  @Test func noTimerWhileNothingObserves() async throws {
    let store = client.store(for: post())
    try await store.fetch()
    let staleDate = try #require(store.state.freshUntil)
    #expect(clock.nextDeadline != staleDate)
    let recorder = StateRecorder(store)
    await clock.waitForSleepers(dueBy: staleDate)
    #expect(clock.nextDeadline == staleDate)
    recorder.cancel()  // the last subscriber leaves: the timer goes with it
    #expect(clock.nextDeadline != staleDate)
  }

  @Test func aZeroStaleTimeOrAnInvalidatedValueHasNoTimer() async throws {
    let store = client.store(for: post(stale: .zero))
    let recorder = StateRecorder(store)
    try await store.fetch()
    #expect(store.state.freshUntil == nil && clock.sleeperCount == 0)
    let fresh = client.store(
      for: Query<Int, any Error>(["fresh"]) { _ in 1 }.stale(after: .seconds(10)).enabled(false))
    let freshRecorder = StateRecorder(fresh)
    try await fresh.fetch()
    let staleDate = try #require(fresh.state.freshUntil)
    await clock.waitForSleepers(dueBy: staleDate)
    fresh.invalidate()
    #expect(fresh.state.freshUntil == nil && clock.nextDeadline != staleDate)
    recorder.cancel()
    freshRecorder.cancel()
  }

  @Test func subscribersComingAndGoingAreClientEvents() async throws {
    let events = EventLog(client)
    let store = client.store(for: post())
    let first = store.subscribe { _ in }
    let second = store.subscribe { _ in }
    second.cancel()
    first.cancel()
    #expect(
      events.all == [
        #"added ["post", 1]"#, #"added ["post", 1]"#, #"removed ["post", 1]"#,
        #"removed ["post", 1]"#,
      ])
  }
}

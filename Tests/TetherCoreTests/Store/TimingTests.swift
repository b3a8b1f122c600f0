import Testing

@testable import TetherCore

@Suite struct TimingTests {
  let clock = TestClock()
  let client: OperationClient

  init() {
    var defaults = OperationDefaults()
    defaults.garbageCollectionDelay = .seconds(300)
    client = OperationClient.testing(clock: clock, defaults: defaults)
  }

  @Test func staleTimeCanBeAFunctionOfTheState() async throws {
    let values = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["drafts"]) { _ in values.increment() }
        .stale { state in state.currentValue == 1 ? .seconds(10) : .seconds(100) }
        .enabled(false))
    try await store.fetch()
    #expect(store.state.staleDate == clock.now().adding(.seconds(10)))
    clock.advance(by: .seconds(10))
    #expect(store.isStale)
    try await store.fetch()
    #expect(store.state.staleDuration == .seconds(100))
    clock.advance(by: .seconds(99))
    #expect(!store.isStale)
  }

  @Test func aValueThatIsNeverStaleIgnoresInvalidation() async throws {
    let runs = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["static"]) { _ in runs.increment() }.neverStale())
    let recorder = StateRecorder(store)
    await recorder.next { $0.currentValue == 1 }
    store.invalidate()
    client.invalidate(matching: ["static"])
    #expect(!store.state.isInvalidated && !store.isStale)
    clock.advance(by: .seconds(86_400))
    #expect(!store.isStale)
    #expect(runs.count == 1)
    #expect(try await store.refetch() == 2)  // asked for by name, it runs
    recorder.cancel()
  }

  @Test func fetchIfStaleReturnsAFreshValueWithoutRunning() async throws {
    let runs = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["if-stale"]) { _ in runs.increment() }
        .stale(after: .seconds(60)).enabled(false))
    #expect(try await store.fetchIfStale() == 1)
    #expect(try await store.fetchIfStale() == 1)
    clock.advance(by: .seconds(60))
    #expect(try await store.fetchIfStale() == 2)
    #expect(runs.count == 2)
  }

  @Test func ensureValueReturnsAnyValueAndMayRevalidateIt() async throws {
    let runs = ScriptedRuns<Int>()
    let store = client.store(
      for: Query<Int, any Error>(["ensure"]) { _ in try await runs.run() }.retry(limit: 0)
        .enabled(false))
    let first = Task { try await store.ensureValue() }
    await runs.waitForStarts(1)
    runs.succeed(1)
    #expect(try await first.value == 1)
    #expect(store.isStale)
    #expect(try await store.ensureValue() == 1)  // stale, but there: no run
    #expect(runs.startCount == 1)
    #expect(try await store.ensureValue(revalidateIfStale: true) == 1)
    await runs.waitForStarts(2)  // refreshed in the background
    runs.succeed(2)
    while store.state.currentValue != 2 { await Task.yield() }
  }

  @Test func eachOperationSaysHowLongItsStoreIsKeptAndTheLongestWins() async throws {
    var events = client.events.makeAsyncIterator()
    let brief = Query<Int, any Error>(["brief"]) { _ in 1 }.removeWhenUnused(after: .seconds(10))
    _ = client.store(for: brief)
    let kept = Query<Int, any Error>(["kept"]) { _ in 1 }
    _ = client.store(for: kept.removeWhenUnused(after: .seconds(10)))
    _ = client.store(for: kept.removeWhenUnused(after: .seconds(60)))  // the longest wins
    await clock.waitForSleepers()
    clock.advance(by: .seconds(10))
    while let event = await events.next() {
      guard case .storeRemoved(let store) = event else { continue }
      #expect(store.path == ["brief"])
      break
    }
    #expect(client.store(at: ["kept"]) != nil)
    await clock.waitForSleepers()
    clock.advance(by: .seconds(50))
    while let event = await events.next() {
      guard case .storeRemoved(let store) = event else { continue }
      #expect(store.path == ["kept"])
      break
    }
    #expect(client.storeCount == 0)
  }

  @Test func aStoreUsedAgainIsKeptForItsWholeDelayAfterItsLastSubscriberLeaves() async throws {
    let store = client.store(
      for: Query<Int, any Error>(["revisited"]) { _ in 1 }.removeWhenUnused(after: .seconds(60)))
    await clock.waitForSleepers()
    clock.advance(by: .seconds(30))
    let subscription = store.subscribe { _ in }
    clock.advance(by: .seconds(20))
    subscription.cancel()
    clock.advance(by: .seconds(10))  // 60 s after creation, 10 s after it was last used
    await clock.waitForSleepers()
    #expect(client.store(at: ["revisited"]) === store)
  }
}

import Foundation
import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct QueryStoreTests {
  let clock = TestClock()

  func makeStore(
    _ runs: ScriptedRuns<Int>, path: OperationPath = ["value"]
  ) -> OperationStore<QueryState<Int, any Error>> {
    OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(path) { _ in try await runs.run() }.retry(limit: 0).enabled(false))
  }

  @Test func fetchReturnsTheValueAndRecordsIt() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    #expect(store.state.status == .pending)
    #expect(store.state.fetchStatus == .idle)
    let fetch = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    #expect(store.state.status == .pending)
    #expect(store.state.fetchStatus == .fetching)
    #expect(store.state.isLoading)
    runs.succeed(42)
    #expect(try await fetch.value == 42)
    let state = store.state
    #expect(state.currentValue == 42)
    #expect(state.status == .success)
    #expect(state.valueUpdateCount == 1)
    #expect(state.valueLastUpdatedAt == clock.now())
    #expect(state.runCount == 1)
  }

  @Test func thousandConcurrentFetchesRunTheOperationOnce() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let fetches = (0..<1000).map { _ in Task { try await store.fetch() } }
    await runs.waitForStarts(1)
    // Every fetch joins the one run: answer it once all have arrived.
    while store.waiterCount < 1000 { await Task.yield() }
    runs.succeed(7)
    for fetch in fetches { #expect(try await fetch.value == 7) }
    #expect(runs.startCount == 1)
    #expect(store.state.runCount == 1)
  }

  @Test func withoutDeduplicationTheLatestRunWins() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["latest"]) { _ in try await runs.run() }.deduplicated(false)
        .enabled(false))
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    let second = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    runs.succeed(1)  // answers the first run... after the second has started
    #expect(try await first.value == 1)
    runs.succeed(2)
    #expect(try await second.value == 2)
    #expect(store.state.currentValue == 2)
    #expect(store.state.runCount == 2)
  }

  @Test func anOlderResultArrivingLastIsNotApplied() async throws {
    let values = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["older"]) { _ in try await values.run() }.deduplicated(false)
        .enabled(false))
    let first = Task { try await store.fetch() }
    await values.waitForStarts(1)
    let second = Task { try await store.fetch() }
    await values.waitForStarts(2)
    values.succeedNewest(2)
    #expect(try await second.value == 2)
    values.succeed(1)
    #expect(try await first.value == 1)
    #expect(store.state.currentValue == 2)
    #expect(store.state.valueUpdateCount == 1)
  }

  @Test func aFailedRefetchKeepsThePreviousValue() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    runs.succeed(1)
    _ = try await first.value
    let refetch = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    runs.fail(TestFailure(code: 9))
    await #expect { try await refetch.value } throws: { failureCode(of: $0) == 9 }
    let state = store.state
    #expect(state.currentValue == 1)
    #expect((state.error as? TestFailure)?.code == 9)
    #expect(state.status == .failure)
    #expect(state.valueUpdateCount == 1)
    #expect(state.errorUpdateCount == 1)
  }

  @Test func aCancelledFirstFetchLeavesTheStoreIdleWithoutValue() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let fetch = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    store.cancel()
    await #expect { try await fetch.value } throws: { isCancellation($0) }
    #expect(store.state.status == .pending)
    #expect(store.state.fetchStatus == .idle)
    #expect(store.state.currentValue == nil)
    #expect(!store.state.isLoading)
  }

  @Test func aCancelledRefetchKeepsThePreviousValue() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    runs.succeed(5)
    _ = try await first.value
    let refetch = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    refetch.cancel()
    await #expect { try await refetch.value } throws: { isCancellation($0) }
    #expect(store.state.status == .success)
    #expect(store.state.currentValue == 5)
  }

  @Test func aResultArrivingAfterResetOrCancelIsNeverApplied() async throws {
    let gate = ScriptedRuns<Void>()
    let finished = ScriptedRuns<Void>()
    // The operation ignores cancellation, so its result really arrives late.
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["late"]) { _ in
        await withTaskCancellationHandler {
          try? await Task { try await gate.run() }.value
        } onCancel: {
        }
        Task { try? await finished.run() }
        return 99
      }.enabled(false))
    let fetch = Task { try await store.fetch() }
    await gate.waitForStarts(1)
    store.reset()
    await #expect { try await fetch.value } throws: { isCancellation($0) }
    gate.succeed(())
    await finished.waitForStarts(1)
    #expect(store.state.currentValue == nil)
    #expect(store.state.status == .pending)
    #expect(store.state.runCount == 0)
  }

  @Test func subscribingToAStaleStoreFetchesAndLeavingCancels() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["auto"]) { _ in try await runs.run() })
    let subscription = store.subscribe { _ in }
    await runs.waitForStarts(1)
    #expect(store.state.isLoading)
    #expect(store.subscriberCount == 1)
    subscription.cancel()
    #expect(store.subscriberCount == 0)
    #expect(!store.state.isLoading)
    #expect(store.state.status == .pending)
    #expect(runs.pendingCount == 0)
  }

  @Test func staleWhileRevalidate() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["swr"]) { _ in try await runs.run() }.stale(after: .seconds(60)))
    let first = StateRecorder(store)
    await runs.waitForStarts(1)
    runs.succeed(1)
    await first.next { $0.currentValue == 1 }
    #expect(!store.isStale)

    // Fresh: a new subscriber gets the value and no fetch.
    let second = StateRecorder(store)
    await second.next { $0.currentValue == 1 }
    #expect(runs.startCount == 1)

    // Stale: a new subscriber gets the old value at once while it is refetched.
    clock.advance(by: .seconds(60))
    #expect(store.isStale)
    let third = StateRecorder(store)
    let shown = await third.next { _ in true }
    #expect(shown.currentValue == 1)
    await runs.waitForStarts(2)
    #expect(store.state.isRefetching && store.state.currentValue == 1)
    #expect(!store.state.isLoading)
    runs.succeed(2)
    await third.next { $0.currentValue == 2 && !$0.isFetching }
    #expect(store.state.staleDate == clock.now().adding(.seconds(60)))
  }

  @Test func automaticRunningOffMeansNoFetchOnSubscribe() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let recorder = StateRecorder(store)
    store.invalidate()
    #expect(runs.startCount == 0)
    #expect(store.state.isInvalidated)
    #expect(!store.runsAutomatically)
    recorder.cancel()
  }

  @Test func invalidationRefetchesASubscribedStore() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["invalidate"]) { _ in try await runs.run() }
        .stale(after: .seconds(3600)))
    let recorder = StateRecorder(store)
    await runs.waitForStarts(1)
    runs.succeed(1)
    await recorder.next { $0.currentValue == 1 }
    #expect(!store.isStale)
    store.invalidate()
    #expect(store.isStale)
    await runs.waitForStarts(2)
    runs.succeed(2)
    let state = await recorder.next { $0.currentValue == 2 }
    #expect(!state.isInvalidated)
  }

  @Test func yieldsUpdateTheStateBeforeTheRunReturns() async throws {
    let runs = ScriptedRuns<String>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<String, any Error>(["yields"]) { _, continuation in
        continuation.yield("cached")
        continuation.yield(error: TestFailure(code: 1))
        return try await runs.run()
      }.enabled(false))
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    let cached = await recorder.next { $0.currentValue == "cached" }
    #expect(cached.isFetching)
    let failed = await recorder.next { $0.error != nil }
    #expect(failed.isFetching && failed.currentValue == "cached")
    await runs.waitForStarts(1)
    runs.succeed("fresh")
    #expect(try await fetch.value == "fresh")
    let final = await recorder.next { !$0.isFetching }
    #expect(final.currentValue == "fresh")
    #expect(final.error == nil)
    #expect(final.valueUpdateCount == 2)
    #expect(final.errorUpdateCount == 1)
  }

  @Test func optimisticUpdatesAndAtomicReadModifyWrite() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    store.setCurrentValue(10)
    #expect(store.state.currentValue == 10)
    let doubled = store.withCurrentValue { value -> Int in
      value = (value ?? 0) * 2
      return value!
    }
    #expect(doubled == 20)
    #expect(store.state.currentValue == 20)
    #expect(store.state.valueUpdateCount == 2)
  }

  @Test func defaultValueIsTheInitialValueAndResetRestoresIt() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["default"]) { _ in try await runs.run() }.defaultValue(-1)
        .enabled(false))
    #expect(store.state.currentValue == -1)
    #expect(store.state.initialValue == -1)
    #expect(!store.state.hasValue)
    let fetch = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    runs.succeed(3)
    _ = try await fetch.value
    store.reset()
    #expect(store.state.currentValue == -1)
    #expect(store.state.valueUpdateCount == 0)
  }

  @Test func subscribersSeeEveryChangeInOrder() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let seen = SanitizerVisibleMutex<[Int?]>([])
    let subscription = store.subscribe { state in seen.withLock { $0.append(state.currentValue) } }
    for value in 1...50 { store.setCurrentValue(value) }
    #expect(seen.withLock { $0 } == [nil] + (1...50).map { $0 })
    subscription.cancel()
    store.setCurrentValue(51)
    #expect(seen.withLock { $0.count } == 51)
  }

  @Test func concurrentReadModifyWritesAreAtomicAndDeliveredInOrder() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let seen = SanitizerVisibleMutex<[Int]>([])
    let subscription = store.subscribe { state in
      if let value = state.currentValue { seen.withLock { $0.append(value) } }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<100 { store.withCurrentValue { $0 = ($0 ?? 0) + 1 } }
        }
      }
    }
    let values = seen.withLock { $0 }
    #expect(values == Array(1...800))
    #expect(store.state.currentValue == 800)
    subscription.cancel()
  }

  @Test func statesIsAnAsyncSequenceStartingWithTheCurrentState() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    store.setCurrentValue(1)
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.currentValue == 1)
    store.setCurrentValue(2)
    #expect(await iterator.next()?.currentValue == 2)
  }
}

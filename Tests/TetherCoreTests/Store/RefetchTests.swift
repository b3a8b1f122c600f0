import Testing

@testable import TetherCore

@Suite struct RefetchTests {
  let client = OperationClient.testing()

  func makeStore(_ runs: ScriptedRuns<Int>, path: OperationPath = ["refetch"]) -> OperationStore<
    QueryState<Int, any Error>
  > {
    client.store(
      for: Query<Int, any Error>(path) { _ in try await runs.run() }.retry(limit: 0)
        .enabled(false))
  }

  @Test func refetchCancelsTheRunInFlightAndEveryCallerGetsTheFreshValue() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let early = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    // A mutation happened: this refetch must not return data fetched before it.
    let fresh = Task { try await store.refetch() }
    await runs.waitForStarts(2)
    #expect(runs.pendingCount == 1)  // the first run's body was cancelled
    runs.succeed(2)
    #expect(try await fresh.value == 2)
    #expect(try await early.value == 2)
    #expect(store.state.currentValue == 2)
    #expect(store.state.runCount == 2)
    let events = store.runLog.map(\.event.description)
    #expect(events.contains("started by refetch"))
    #expect(store.runLog.contains { $0.run?.number == 1 && $0.event.endsRun })
  }

  @Test func refetchWithoutCancellingJoinsTheRunInFlight() async throws {
    let runs = ScriptedRuns<Int>()
    let store = makeStore(runs)
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    let joined = Task { try await store.refetch(cancelInFlight: false) }
    while store.waiterCount < 2 { await Task.yield() }
    runs.succeed(7)
    #expect(try await first.value == 7)
    #expect(try await joined.value == 7)
    #expect(runs.startCount == 1)
  }

  @Test func cancelRevertsWhatTheRunYieldedUnlessToldToKeepIt() async throws {
    let runs = ScriptedRuns<String>()
    let store = client.store(
      for: Query<String, any Error>(["yielding"]) { _, continuation in
        continuation.yield("partial")
        return try await runs.run()
      }.retry(limit: 0).enabled(false))
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    runs.succeed("complete")
    _ = try await first.value
    #expect(store.state.valueUpdateCount == 2)

    let reverted = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    #expect(store.state.currentValue == "partial")
    store.cancel()
    await #expect { try await reverted.value } throws: { isCancellation($0) }
    var state = store.state
    #expect(state.currentValue == "complete" && state.valueUpdateCount == 2)
    #expect(!state.isCancelled && state.status == .success && state.fetchStatus == .idle)
    #expect(state.cancellation == .reverted, "reverted, and still said to be cancelled")

    let kept = Task { try await store.fetch() }
    await runs.waitForStarts(3)
    store.cancel(revert: false)
    await #expect { try await kept.value } throws: { isCancellation($0) }
    state = store.state
    #expect(state.currentValue == "partial" && state.isCancelled && state.cancellation == .kept)
    #expect(store.runLog.last?.event.description == "cancelled after 0 µs")

    let next = Task { try await store.fetch() }
    await runs.waitForStarts(4)
    #expect(!store.state.isCancelled && store.state.cancellation == nil)
    runs.succeed("again")
    _ = try await next.value
  }
}

import Testing

@testable import TetherCore

@Suite struct StatusTests {
  let clock = TestClock()

  @Test func twoStatusesTellAFirstLoadFromARefresh() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["status"]) { _ in try await runs.run() }.retry(limit: 0)
        .enabled(false))
    var state = store.state
    #expect(state.status == .pending && state.fetchStatus == .idle)
    #expect(!state.isLoading && !state.isFetching && !state.isRefetching)

    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    state = store.state
    #expect(state.status == .pending && state.fetchStatus == .fetching)
    #expect(state.isLoading && state.isFetching && !state.isRefetching)
    runs.succeed(1)
    _ = try await first.value
    state = store.state
    #expect(state.status == .success && state.fetchStatus == .idle && !state.isLoading)

    let second = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    state = store.state
    #expect(state.status == .success && state.fetchStatus == .fetching)
    #expect(!state.isLoading && state.isFetching && state.isRefetching)
    runs.fail(TestFailure(code: 5))
    _ = try? await second.value
    state = store.state
    #expect(state.status == .failure && state.fetchStatus == .idle)
    #expect(state.currentValue == 1)
    #expect((state.error as? TestFailure)?.code == 5)
  }

  @Test func aNewFirstLoadAfterAFailureIsPendingAgain() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["retry-first"]) { _ in try await runs.run() }.retry(limit: 0)
        .enabled(false))
    let first = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    runs.fail(TestFailure(code: 1))
    _ = try? await first.value
    #expect(store.state.status == .failure)
    let second = Task { try await store.fetch() }
    await runs.waitForStarts(2)
    // As in TanStack Query: with no value, a new run is a first load again…
    #expect(store.state.status == .pending && store.state.isLoading)
    #expect(store.state.error == nil)
    // …but the failure history stays, so a screen can still say why the last one failed.
    #expect(store.state.failureCount == 1)
    #expect((store.state.failureReason as? TestFailure)?.code == 1)
    runs.succeed(3)
    _ = try await second.value
    #expect(store.state.failureCount == 0 && store.state.failureReason == nil)
  }

  @Test func failureHistoryOutlivesItsRunUntilASuccess() async throws {
    let attempts = Counter()
    let succeeds = ManualCondition(false)
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["history"]) { _ in
        let attempt = attempts.increment()
        guard succeeds.value else { throw TestFailure(code: 500 + attempt) }
        return attempt
      }.retry(limit: 3, backoff: .constant(.seconds(1))).enabled(false))
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    for retry in 1...3 {
      let state = await recorder.next { $0.retryProgress?.failedAttempts == retry }
      #expect(state.failureCount == retry)
      #expect((state.failureReason as? TestFailure)?.code == 500 + retry)
      clock.advance(by: .seconds(1))
    }
    await #expect { try await fetch.value } throws: { failureCode(of: $0) == 504 }
    // "Failed after 4 attempts: 504", after the run has ended.
    var state = store.state
    #expect(state.fetchStatus == .idle && state.retryProgress == nil)
    #expect(state.failureCount == 4)
    #expect((state.failureReason as? TestFailure)?.code == 504)

    succeeds.set(true)
    #expect(try await store.fetch() == 5)
    state = store.state
    #expect(state.failureCount == 0 && state.failureReason == nil && state.error == nil)
  }

  @Test func storeMethodsThrowTheOperationsOwnFailureTyped() async throws {
    enum LoadError: Error, Equatable { case gone }
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, LoadError>(["typed"]) { _ throws(LoadError) in throw .gone }.retry(limit: 0)
        .enabled(false))
    do {
      try await store.fetch()
      Issue.record("the fetch should have failed")
    } catch .failure(let failure) {
      #expect(failure == .gone)
    } catch .cancelled {
      Issue.record("not a cancellation")
    }
    await #expect(throws: OperationError.failure(LoadError.gone)) { try await store.fetch() }
  }
}

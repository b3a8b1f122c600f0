import Testing

@testable import TetherCore

/// What the last subscriber leaving does to runs in flight, case by case (TanStack's
/// `removeObserver`: cancel a fetch that can be cancelled, otherwise let it finish and stop its
/// retries).
@Suite(.timeLimit(.minutes(1))) struct LastSubscriberTests {
  let clock = TestClock()

  @Test func aPrefetchSomeoneAwaitsIsNotCancelledAndTheNextSubscriberJoinsIt() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["prefetched"]) { _ in try await runs.run() })
    let prefetch = Task { try await store.fetch() }
    await runs.waitForStarts(1)
    let first = store.subscribe { _ in }
    first.cancel()  // the last subscriber leaves: the awaited fetch goes on
    #expect(runs.pendingCount == 1 && store.state.isLoading)
    let next = StateRecorder(store)  // joins the fetch in flight, starts none
    runs.succeed(1)
    #expect(try await prefetch.value == 1)
    await next.next { $0.currentValue == 1 }
    #expect(runs.startCount == 1)
    next.cancel()
  }

  @Test func theStoresOwnFetchIsCancelledAndItsRetriesWithIt() async throws {
    let runs = ScriptedRuns<Int>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<Int, any Error>(["own"]) { _ in try await runs.run() }
        .retry(limit: 3, backoff: .constant(.seconds(1))))
    let subscription = store.subscribe { _ in }
    await runs.waitForStarts(1)
    runs.fail(TestFailure(code: 503))  // a retry is scheduled
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    subscription.cancel()
    clock.advance(by: .seconds(1))
    #expect(runs.startCount == 1 && !store.state.hasRunInFlight)
    #expect(store.state.status == .pending)
  }
}

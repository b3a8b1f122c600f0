import Testing

@testable import TetherCore

/// Retries pause while the application is unfocused (TanStack's retryer: `canContinue` needs
/// `focusManager.isFocused()`), and resume on focus.
@Suite(.timeLimit(.minutes(1))) struct FocusRetryTests {
  let clock = TestClock()
  let focus = ManualCondition(true)
  let client: OperationClient

  init() {
    client = OperationClient(clock: clock, connectivity: ManualCondition(true), focus: focus)
  }

  /// Fails its first attempt, then succeeds with the attempt's number.
  func flaky(_ attempts: Counter) -> Query<Int, any Error> {
    Query(["flaky"]) { _ in
      let attempt = attempts.increment()
      if attempt == 1 { throw TestFailure(code: 503) }
      return attempt
    }
  }

  @Test func aRetryPausedByFocusLossResumesOnFocus() async throws {
    let attempts = Counter()
    let store = client.store(
      for: flaky(attempts).retry(limit: 3, backoff: .constant(.seconds(1))).enabled(false))
    let recorder = StateRecorder(store)
    focus.set(false)
    let fetching = Task { try await store.fetch() }
    await recorder.next { $0.retryProgress != nil }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    let paused = await recorder.next { $0.isPaused }
    #expect(paused.failureCount == 1 && attempts.count == 1)
    #expect(store.runLog.map(\.event.description).contains("paused (unfocused)"))
    clock.advance(by: .seconds(60))  // time alone does not retry
    #expect(attempts.count == 1 && store.state.isPaused)
    focus.set(true)
    #expect(try await fetching.value == 2)
    #expect(store.state.status == .success && store.state.failureCount == 0)
    recorder.cancel()
  }

  @Test func focusLostDoesNotDelayAFirstAttempt() async throws {
    let attempts = Counter()
    focus.set(false)
    let store = client.store(
      for: Query<Int, any Error>(["first"]) { _ in attempts.increment() }.retry(limit: 3)
        .enabled(false))
    #expect(try await store.fetch() == 1)
  }

  @Test func retriesWhileUnfocusedGoOn() async throws {
    let attempts = Counter()
    let store = client.store(
      for: flaky(attempts).retry(limit: 3, backoff: .constant(.seconds(1)))
        .retriesWhileUnfocused().enabled(false))
    focus.set(false)
    let fetching = Task { try await store.fetch() }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    #expect(try await fetching.value == 2)
  }

  @Test func aClientWithoutAFocusSourceIsAlwaysFocused() async throws {
    let client = OperationClient.testing(clock: clock)
    let attempts = Counter()
    let store = client.store(
      for: flaky(attempts).retry(limit: 3, backoff: .constant(.seconds(1))).enabled(false))
    let fetching = Task { try await store.fetch() }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    #expect(try await fetching.value == 2)
  }
}

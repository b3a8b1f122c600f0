import Foundation
import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct RunLogTests {
  let clock = TestClock()
  let client: OperationClient

  init() {
    client = OperationClient.testing(clock: clock)
  }

  @Test func aRetriedRunIsRecordedAttemptByAttemptWithDurations() async throws {
    let attempts = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["logged"]) { _ in
        if attempts.increment() < 3 { throw TestFailure(code: attempts.count) }
        return 42
      }.retry(limit: 3, backoff: .constant(.seconds(2))).enabled(false))
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    for retry in 1...2 {
      await recorder.next { $0.retryProgress?.failedAttempts == retry }
      clock.advance(by: .seconds(2))
    }
    _ = try await fetch.value
    let log = store.runLog
    #expect(
      log.map(\.event.description) == [
        "started by fetch",
        "failed: TestFailure(code: 1)",
        "scheduled for \(clock.now().adding(.seconds(-2)).formatted(.iso8601))",
        "sent",
        "failed: TestFailure(code: 2)",
        "scheduled for \(clock.now().formatted(.iso8601))",
        "sent",
        "succeeded in 4.0 s",
      ])
    #expect(log.map(\.attempt) == [1, 1, 2, 2, 2, 3, 3, 3])
    #expect(Set(log.compactMap(\.run)).count == 1)
    #expect(log.allSatisfy { $0.path == ["logged"] && $0.kind == .query })
    #expect(log.map(\.id) == Array(1...8))
    #expect(log[3].date == log[2].date.addingTimeInterval(2), "sent when the wait ended")
    guard case .succeeded(let duration) = log.last?.event else {
      Issue.record("expected a success")
      return
    }
    #expect(duration == .seconds(4))
  }

  @Test func everyTriggerIsNamed() async throws {
    let focus = ManualCondition(true, trigger: .focus)
    let runs = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["triggers"]) { _ in runs.increment() }
        .rerunOnChange(of: .polling(every: .seconds(10)))
        .rerunOnChange(of: focus))
    let recorder = StateRecorder(store)  // subscribe
    await recorder.next { $0.currentValue == 1 }
    try await store.refetch()  // refetch
    store.invalidate()  // invalidate
    await recorder.next { $0.currentValue == 3 }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(10)))
    clock.advance(by: .seconds(10))  // poll
    await recorder.next { $0.currentValue == 4 }
    focus.set(false)
    focus.set(true)  // focus (the value is stale at once)
    await recorder.next { $0.currentValue == 5 }
    try await store.fetch()  // fetch
    store.reset()  // reset, with a subscriber: it runs again
    await recorder.next { $0.currentValue == 7 }
    let triggers = store.runLog.compactMap { entry -> RunTrigger? in
      guard case .runStarted(let trigger, _) = entry.event else { return nil }
      return trigger
    }
    #expect(triggers == [.subscribe, .refetch, .invalidate, .poll, .focus, .fetch, .reset])
    let events = store.runLog.map(\.event.description)
    #expect(events.contains("invalidated") && events.contains("reset"))
    recorder.cancel()
  }

  @Test func mutationArgumentsPausesAndHandEditsAreLoggedForDisplay() async throws {
    struct Draft: Sendable, Encodable { var title: String }
    let online = ManualCondition(false)
    let client = OperationClient.testing(clock: clock, online: online)
    let store = client.store(
      for: Mutation<Draft, String, any Error>(["posts", "add"]) { draft, _ in draft.title })
    let mutation = Task { try await store.mutate(with: Draft(title: "Hello")) }
    while store.state.fetchStatus != .paused { await Task.yield() }
    clock.advance(by: .seconds(3))
    online.set(true)
    _ = try await mutation.value
    store.setCurrentValue("by hand")
    let log = store.runLog
    guard case .runStarted(.mutate, let input?) = log.first?.event else {
      Issue.record("expected the arguments in the first entry")
      return
    }
    #expect(input.description == #"Draft(title: "Hello")"#)
    #expect(input.encodable != nil)
    #expect(log.first?.run == store.state.history.first?.id)
    #expect(
      log.map(\.event.description) == [
        #"started by mutate with Draft(title: "Hello")"#, "paused (offline)",
        "resumed after 3.0 s", "succeeded in 3.0 s", "value set",
      ])
  }

  @Test func theLogIsBoundedAndTheClientStreamCarriesIt() async throws {
    let entries = SanitizerVisibleMutex<[RunLogEntry]>([])
    let subscription = client.subscribeToEvents { event in
      if case .runLogged(let entry, let store) = event, store.path == ["bounded"] {
        entries.withLock { $0.append(entry) }
      }
    }
    let store = client.store(
      for: Query<Int, any Error>(["bounded"]) { _ in 1 }.runLog(capacity: 3).enabled(false))
    for _ in 0..<3 { try await store.fetch() }
    #expect(store.runLog.map(\.id) == [4, 5, 6])
    #expect(store.runLog.map(\.event.description).last == "succeeded in 0 µs")
    #expect(entries.withLock { $0.map(\.id) } == Array(1...6))
    let silent = client.store(
      for: Query<Int, any Error>(["silent"]) { _ in 1 }.runLog(capacity: 0).enabled(false))
    try await silent.fetch()
    #expect(silent.runLog.isEmpty)
    subscription.cancel()
  }
}

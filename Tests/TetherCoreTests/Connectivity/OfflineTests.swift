import Testing

@testable import TetherCore

@Suite struct OfflineTests {
  let clock = TestClock()
  let online = ManualCondition(false)
  let client: OperationClient

  init() {
    client = OperationClient.testing(clock: clock, online: online)
  }

  @Test func aRunStartedOfflineWaitsWithoutSpendingAnAttempt() async throws {
    let attempts = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["offline"]) { _ in attempts.increment() }.enabled(false))
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    let paused = await recorder.next { $0.fetchStatus == .paused }
    #expect(paused.isPaused && !paused.isLoading && !paused.isFetching)
    #expect(paused.status == .pending && attempts.count == 0)
    online.set(true)
    #expect(try await fetch.value == 1)
    #expect(attempts.count == 1)
    let events = store.runLog.map(\.event.description)
    #expect(events.contains("paused (offline)"))
    #expect(events.contains { $0.hasPrefix("resumed after") })
  }

  @Test func aRetryDueWhileOfflineWaitsForTheNetwork() async throws {
    online.set(true)
    let attempts = Counter()
    let store = client.store(
      for: Query<Int, any Error>(["flaky"]) { _ in
        if attempts.increment() == 1 { throw TestFailure(code: 503) }
        return attempts.count
      }.retry(limit: 3, backoff: .constant(.seconds(1))).enabled(false))
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    await recorder.next { $0.retryProgress?.failedAttempts == 1 }
    online.set(false)
    clock.advance(by: .seconds(1))
    let paused = await recorder.next { $0.fetchStatus == .paused }
    #expect(paused.failureCount == 1 && attempts.count == 1)
    clock.advance(by: .seconds(60))  // time passes, no attempt is spent
    #expect(attempts.count == 1)
    online.set(true)
    #expect(try await fetch.value == 2)
  }

  @Test func observedStaleQueriesRefetchWhenTheNetworkComesBack() async throws {
    online.set(true)
    let staleRuns = Counter()
    let freshRuns = Counter()
    let localRuns = Counter()
    let stale = client.store(
      for: Query<Int, any Error>(["stale"]) { _ in staleRuns.increment() })
    let fresh = client.store(
      for: Query<Int, any Error>(["fresh"]) { _ in freshRuns.increment() }
        .stale(after: .seconds(3600)))
    let local = client.store(
      for: Query<Int, any Error>(["local"]) { _ in localRuns.increment() }.networkMode(.always))
    let recorders = (StateRecorder(stale), StateRecorder(fresh), StateRecorder(local))
    await recorders.0.next { $0.currentValue == 1 }
    await recorders.1.next { $0.currentValue == 1 }
    await recorders.2.next { $0.currentValue == 1 }
    online.set(false)
    online.set(true)
    await recorders.0.next { $0.currentValue == 2 }
    #expect(stale.runLog.contains { $0.event.description == "started by reconnect" })
    #expect(freshRuns.count == 1 && localRuns.count == 1)
  }

  @Test func networkModesSayWhatWaits() async throws {
    let attempts = Counter()
    let always = client.store(
      for: Query<Int, any Error>(["always"]) { _ in attempts.increment() }.networkMode(.always)
        .enabled(false))
    #expect(try await always.fetch() == 1)

    let offlineFirstAttempts = Counter()
    let offlineFirst = client.store(
      for: Query<Int, any Error>(["offline-first"]) { _ in
        if offlineFirstAttempts.increment() == 1 { throw TestFailure(code: 1) }
        return offlineFirstAttempts.count
      }.retry(limit: 2, backoff: .none).networkMode(.offlineFirst).enabled(false))
    let recorder = StateRecorder(offlineFirst)
    let fetch = Task { try await offlineFirst.fetch() }
    // The first attempt ran offline; its retry waits for the network.
    let paused = await recorder.next { $0.fetchStatus == .paused }
    #expect(paused.failureCount == 1 && offlineFirstAttempts.count == 1)
    online.set(true)
    #expect(try await fetch.value == 2)
  }

  @Test func aMutationWaitsForTheNetworkToo() async throws {
    let sent = Counter()
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["send"]) { value, _ in
        sent.increment()
        return value
      })
    let recorder = StateRecorder(store)
    let mutation = Task { try await store.mutate(with: 1) }
    await recorder.next { $0.fetchStatus == .paused }
    #expect(sent.count == 0)
    online.set(true)
    #expect(try await mutation.value == 1)
  }

  @Test func refetchByPrefixReturnsOnceARunPauses() async throws {
    let runs = Counter()
    let store = client.store(for: Query<Int, any Error>(["feed"]) { _ in runs.increment() })
    await client.refetch(matching: [])  // returns although the network is down
    #expect(store.state.fetchStatus == .paused && runs.count == 0)
    let recorder = StateRecorder(store)
    online.set(true)
    await recorder.next { $0.currentValue == 1 }
  }
}

import Testing

@testable import TetherCore

@Suite struct OperationClientTests {
  let clock = TestClock()

  func query(_ path: OperationPath, runs: Counter = Counter()) -> some QueryRequest<Int, any Error>
  {
    Query<Int, any Error>(path) { _ in runs.increment() }
  }

  @Test func oneStorePerPath() {
    let client = OperationClient.testing(clock: clock)
    let first = client.store(for: query(["post", 1]))
    let second = client.store(for: query(["post", 1]))
    let other = client.store(for: query(["post", 2]))
    #expect(first === second)
    #expect(first !== other)
    #expect(client.storeCount == 2)
    #expect(client.store(at: ["post", 1]) === first)
    #expect(client.store(at: ["post"]) == nil)
  }

  @Test func prefixMatching() {
    let client = OperationClient.testing(clock: clock)
    let paths: [OperationPath] = [["a"], ["a", "b"], ["a", "b", 1], ["a", "c"], ["b"], ["ab"]]
    for path in paths { _ = client.store(for: query(path)) }
    func matched(_ prefix: OperationPath) -> Set<OperationPath> {
      Set(client.stores(matching: prefix).map(\.path))
    }
    #expect(matched([]) == Set(paths))
    #expect(matched(["a"]) == [["a"], ["a", "b"], ["a", "b", 1], ["a", "c"]])
    #expect(matched(["a", "b"]) == [["a", "b"], ["a", "b", 1]])
    #expect(matched(["a", "b", 1]) == [["a", "b", 1]])
    #expect(matched(["c"]).isEmpty)
  }

  @Test func invalidationByPrefixRefetchesSubscribedStoresAndMarksTheRestStale() async throws {
    let client = OperationClient.testing(clock: clock)
    let watchedRuns = Counter()
    let idleRuns = Counter()
    let otherRuns = Counter()
    let watched = client.store(
      for: query(["posts", 1], runs: watchedRuns).stale(after: .seconds(3600)))
    let idle = client.store(for: query(["posts", 2], runs: idleRuns).stale(after: .seconds(3600)))
    let other = client.store(
      for: query(["users", 1], runs: otherRuns).stale(after: .seconds(3600)))
    try await idle.fetch()
    try await other.fetch()
    let recorder = StateRecorder(watched)
    await recorder.next { $0.currentValue == 1 }

    client.invalidate(matching: ["posts"])
    await recorder.next { $0.currentValue == 2 }
    #expect(watchedRuns.count == 2)
    #expect(idleRuns.count == 1)
    #expect(idle.state.isInvalidated && idle.isStale)
    #expect(!other.state.isInvalidated && !other.isStale)
  }

  @Test func refetchCancelResetAndRemoveByPrefix() async throws {
    let client = OperationClient.testing(clock: clock)
    let runs = Counter()
    let a = client.store(for: query(["x", 1], runs: runs))
    let b = client.store(for: query(["x", 2], runs: runs))
    _ = client.store(for: query(["y"], runs: runs))
    await client.refetch(matching: ["x"])
    #expect(runs.count == 2)
    #expect(a.state.currentValue != nil && b.state.currentValue != nil)
    client.reset(matching: ["x", 1])
    #expect(a.state.currentValue == nil && b.state.currentValue != nil)
    _ = client.store(for: query(["x", 2, "child"], runs: runs))
    client.remove(at: ["x", 2])
    #expect(client.store(at: ["x", 2]) == nil)
    #expect(client.store(at: ["x", 2, "child"]) != nil)
    client.remove(matching: ["x"])
    #expect(client.storeCount == 1)
    #expect(client.store(at: ["x", 2]) == nil)
  }

  @Test func eventsReportAddedUpdatedAndRemovedStores() async throws {
    let client = OperationClient.testing(clock: clock)
    var events = client.events.makeAsyncIterator()
    let store = client.store(for: query(["evented"]).enabled(false))
    guard case .storeAdded(let added) = await events.next() else {
      Issue.record("expected an added event")
      return
    }
    #expect(added === store)
    store.setCurrentValue(1)
    var next = await events.next()
    while case .runLogged = next { next = await events.next() }
    guard case .storeUpdated(let updated) = next else {
      Issue.record("expected an updated event")
      return
    }
    #expect(updated.snapshot.currentValue as? Int? == 1)
    client.remove(matching: ["evented"])
    next = await events.next()
    while case .runLogged = next { next = await events.next() }
    guard case .storeRemoved = next else {
      Issue.record("expected a removed event")
      return
    }
  }

  @Test func garbageCollectionRemovesUnobservedStoresAfterTheDelay() async throws {
    var defaults = OperationDefaults()
    defaults.garbageCollectionDelay = .seconds(60)
    let client = OperationClient.testing(clock: clock, defaults: defaults)
    var events = client.events.makeAsyncIterator()
    let observed = client.store(for: query(["observed"]).neverStale())
    let subscription = observed.subscribe { _ in }
    _ = client.store(for: query(["unobserved"]).enabled(false))

    await clock.waitForSleepers()
    clock.advance(by: .seconds(59))
    #expect(client.storeCount == 2)
    clock.advance(by: .seconds(1))
    while let event = await events.next() {
      if case .storeRemoved(let store) = event {
        #expect(store.path == ["unobserved"])
        break
      }
    }
    #expect(client.store(at: ["observed"]) === observed)

    subscription.cancel()
    await clock.waitForSleepers()
    clock.advance(by: .seconds(60))
    while let event = await events.next() {
      if case .storeRemoved(let store) = event {
        #expect(store.path == ["observed"])
        break
      }
    }
    #expect(client.storeCount == 0)
  }

  @Test func defaultsApplyOnlyWhereTheOperationIsSilent() async throws {
    var defaults = OperationDefaults()
    defaults.queryRetryLimit = 2
    defaults.backoff = .none
    let client = OperationClient.testing(clock: clock, defaults: defaults)
    let silentAttempts = Counter()
    let silent = client.store(
      for: Query<Int, any Error>(["silent"]) { _ in
        silentAttempts.increment()
        throw TestFailure()
      }.enabled(false))
    await #expect { try await silent.fetch() } throws: { failureCode(of: $0) != nil }
    #expect(silentAttempts.count == 3)
    #expect(silent.context.retryLimit == 2)

    let ownAttempts = Counter()
    let own = client.store(
      for: Query<Int, any Error>(["own"]) { _ in
        ownAttempts.increment()
        throw TestFailure()
      }.retry(limit: 0).enabled(false))
    await #expect { try await own.fetch() } throws: { failureCode(of: $0) != nil }
    #expect(ownAttempts.count == 1)
  }

  @Test func snapshotsDescribeStoresOfEveryKind() async throws {
    let client = OperationClient.testing(clock: clock)
    let query = client.store(for: query(["snapshot"]).enabled(false))
    try await query.fetch()
    let mutation = client.store(
      for: Mutation<Int, Int, any Error>(["snapshot", "mutation"]) { value, _ in value })
    try await mutation.mutate(with: 4)
    let snapshots = client.stores(matching: ["snapshot"]).map(\.snapshot)
    #expect(snapshots.map(\.kind) == [.query])
    #expect(client.mutationStores(matching: ["snapshot"]).map(\.snapshot.kind) == [.mutation])
    let all = snapshots + client.mutationStores(matching: ["snapshot"]).map(\.snapshot)
    #expect(all.allSatisfy { $0.status == .success && $0.runCount == 1 })
    // A mutation is never refetched: re-sending a write is asked for by name.
    let erased = try #require(client.mutationStore(at: ["snapshot", "mutation"]))
    await #expect(throws: OperationStoreError.mutationsAreNotRefetched(["snapshot", "mutation"])) {
      try await erased.refetch()
    }
    #expect(mutation.state.history.count == 1)
  }
}

import Testing

@testable import TetherCore

@Suite struct MutationStoreTests {
  let client = OperationClient.testing()

  @Test func historyRecordsEveryAttempt() async throws {
    let store = client.store(
      for: Mutation<String, Int, any Error>(["create"]) { title, _ in
        guard !title.isEmpty else { throw TestFailure(code: 400) }
        return title.count
      })
    #expect(store.state.status == .pending)
    #expect(try await store.mutate(with: "hello") == 5)
    await #expect { try await store.mutate(with: "") } throws: { failureCode(of: $0) == 400 }
    let state = store.state
    #expect(state.history.map(\.arguments) == ["hello", ""])
    #expect(state.history.map(\.status) == [.succeeded, .failed])
    #expect(state.history[0].value == 5)
    #expect(state.history[1].endDate != nil)
    #expect(state.status == .failure)
    #expect((state.error as? TestFailure)?.code == 400)
    #expect(state.currentValue == nil)
  }

  @Test func mutationsAreNotRetriedByDefault() async throws {
    let attempts = Counter()
    let store = client.store(
      for: Mutation<Void, Int, any Error>(["fails"]) { _, _ in
        attempts.increment()
        throw TestFailure()
      })
    await #expect { try await store.mutate() } throws: { failureCode(of: $0) != nil }
    #expect(attempts.count == 1)
  }

  @Test func theLatestAttemptWins() async throws {
    let runs = ScriptedRuns<Int>()
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["latest"]) { _, _ in try await runs.run() })
    let first = Task { try await store.mutate(with: 1) }
    await runs.waitForStarts(1)
    let second = Task { try await store.mutate(with: 2) }
    await runs.waitForStarts(2)
    runs.succeedNewest(20)
    #expect(try await second.value == 20)
    runs.succeed(10)
    #expect(try await first.value == 10)
    let state = store.state
    #expect(state.currentValue == 20)
    #expect(state.latestAttempt?.arguments == 2)
    #expect(state.history.map(\.value) == [10, 20])
  }

  @Test func retryLatestRunsTheLatestArgumentsAgain() async throws {
    let attempts = Counter()
    let store = client.store(
      for: Mutation<String, String, any Error>(["retry-latest"]) { text, _ in
        if attempts.increment() == 1 { throw TestFailure() }
        return text.uppercased()
      })
    #expect(try await store.retryLatest() == nil)
    await #expect { try await store.mutate(with: "post") } throws: { failureCode(of: $0) != nil }
    #expect(try await store.retryLatest() == "POST")
    #expect(store.state.history.map(\.arguments) == ["post", "post"])
    #expect(store.state.status == .success)
  }

  @Test func maxHistoryDropsTheOldestAttempts() async throws {
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["bounded"]) { value, _ in value }.maxHistory(3))
    for value in 1...5 { try await store.mutate(with: value) }
    #expect(store.state.history.map(\.arguments) == [3, 4, 5])
  }

  @Test func optimisticUpdateRollsBackWhenTheMutationFails() async throws {
    let post = client.store(
      for: Query<String, any Error>(["post", 1]) { _ in "original" }.enabled(false))
    try await post.fetch()
    let edit = client.store(
      for: Mutation<String, String, any Error>(["post", 1, "edit"]) { _, _ in
        throw TestFailure(code: 409)
      })

    // The optimistic-update pattern: remember, set at once, roll back on failure.
    let previous = post.state.currentValue
    post.setCurrentValue("edited")
    #expect(post.state.currentValue == "edited")
    do {
      try await edit.mutate(with: "edited")
      Issue.record("the edit should have failed")
    } catch {
      post.setCurrentValue(previous)
    }
    #expect(post.state.currentValue == "original")
    #expect((edit.state.error as? TestFailure)?.code == 409)
  }

  @Test func aCancelledFirstAttemptLeavesTheMutationIdle() async throws {
    let runs = ScriptedRuns<Int>()
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["cancel"]) { _, _ in try await runs.run() })
    let attempt = Task { try await store.mutate(with: 1) }
    await runs.waitForStarts(1)
    attempt.cancel()
    await #expect { try await attempt.value } throws: { isCancellation($0) }
    #expect(store.state.status == .pending)
    #expect(store.state.history.map(\.status) == [.cancelled])
  }

  @Test func runningDirectlyWithoutAStore() async throws {
    let double = Mutation<Int, Int, any Error>(["double"]) { value, _ in value * 2 }
    #expect(try await double.run(with: 21) == 42)
    let query = Query<Int, any Error>(["answer"]) { _ in 42 }.retry(limit: 1)
    #expect(try await query.run() == 42)
  }

  @Test func anOlderAttemptEndingWhileANewerRunsChangesNothingOnScreen() async throws {
    let runs = ScriptedRuns<Int>()
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["overlap"]) { _, _ in try await runs.run() })
    let first = Task { try await store.mutate(with: 1) }
    await runs.waitForStarts(1)
    let second = Task { try await store.mutate(with: 2) }
    await runs.waitForStarts(2)
    runs.succeed(10)  // the older attempt ends first
    _ = try await first.value
    var state = store.state
    #expect(state.valueUpdateCount == 0 && state.valueLastUpdatedAt == nil)
    #expect(state.currentValue == nil && state.status == .pending && state.isFetching)
    #expect(state.history.map(\.value) == [10, nil])
    runs.succeed(20)
    _ = try await second.value
    state = store.state
    #expect(state.valueUpdateCount == 1 && state.currentValue == 20)

    let third = Task { try await store.mutate(with: 3) }
    await runs.waitForStarts(3)
    let fourth = Task { try await store.mutate(with: 4) }
    await runs.waitForStarts(4)
    runs.fail(TestFailure(code: 3))
    _ = try? await third.value
    state = store.state
    #expect(state.errorUpdateCount == 0 && state.errorLastUpdatedAt == nil && state.error == nil)
    #expect(state.history[2].status == .failed)
    runs.succeed(40)
    _ = try await fourth.value
    #expect(store.state.errorUpdateCount == 0 && store.state.valueUpdateCount == 2)
  }

  @Test func lifecycleHooksRunInOrderAndAreAwaitedWithTheirContext() async throws {
    let events = EventLog()
    let gate = ScriptedRuns<Void>()
    let store = client.store(
      for: Mutation<Int, Int, any Error>(["lifecycle"]) { value, _ in
        events.append("run \(value)")
        if value < 0 { throw TestFailure(code: value) }
        return value * 2
      }.lifecycle { value, _ in
        events.append("mutate \(value)")
        return "context \(value)"
      } onSuccess: { result, _, context in
        events.append("success \(result) with \(context)")
        try? await gate.run()
      } onError: { error, _, context in
        events.append("error \(failureCode(of: error) ?? 0) with \(context)")
      } onSettled: { result, _, context in
        events.append("settled \((try? result.get()) ?? 0) with \(context)")
      })
    let mutation = Task { try await store.mutate(with: 1) }
    await gate.waitForStarts(1)
    // `onSuccess` is awaited: the attempt has not ended yet.
    #expect(store.state.isFetching && store.state.status == .pending)
    #expect(events.entries == ["mutate 1", "run 1", "success 2 with context 1"])
    gate.succeed(())
    #expect(try await mutation.value == 2)
    #expect(events.entries.last == "settled 2 with context 1")

    await #expect { try await store.mutate(with: -5) } throws: { failureCode(of: $0) == -5 }
    #expect(
      events.entries.suffix(4) == [
        "mutate -5", "run -5", "error -5 with context -5", "settled 0 with context -5",
      ])
  }

  @Test func anOptimisticUpdateShowsAtOnceRollsBackOnFailureAndInvalidatesOnSettle()
    async throws
  {
    let postRuns = ScriptedRuns<String>()
    let post = client.store(
      for: Query<String, any Error>(["post", 1]) { _ in try await postRuns.run() }.retry(limit: 0)
        .stale(after: .seconds(3600)).enabled(false))
    let load = Task { try await post.fetch() }
    await postRuns.waitForStarts(1)
    postRuns.succeed("original")
    _ = try await load.value

    let outcomes = ScriptedRuns<String>()
    let edit = client.store(
      for: Mutation<String, String, any Error>(["post", 1, "edit"]) { _, _ in
        try await outcomes.run()
      }.optimisticUpdate(of: String.self, matching: { _ in ["post", 1] }) { title, change in
        title = change
      })

    // A fetch in flight when the edit starts is cancelled, so its older data cannot land.
    let inFlight = Task { try await post.fetch() }
    await postRuns.waitForStarts(2)
    let failing = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    await #expect { try await inFlight.value } throws: { isCancellation($0) }
    #expect(post.state.currentValue == "edited")  // on screen at once
    outcomes.fail(TestFailure(code: 409))
    await #expect { try await failing.value } throws: { failureCode(of: $0) == 409 }
    #expect(post.state.currentValue == "original")  // rolled back
    #expect(post.state.isInvalidated)  // and invalidated on settle

    let succeeding = Task { try await edit.mutate(with: "saved") }
    await outcomes.waitForStarts(2)
    #expect(post.state.currentValue == "saved")
    outcomes.succeed("saved")
    #expect(try await succeeding.value == "saved")
    #expect(post.state.currentValue == "saved" && post.state.isInvalidated)
  }

  @Test func mutationsOfOneScopeRunOneAfterAnother() async throws {
    let runs = ScriptedRuns<Int>()
    let first = client.store(
      for: Mutation<Int, Int, any Error>(["scoped", "a"]) { _, _ in try await runs.run() }
        .scope("post-1"))
    let second = client.store(
      for: Mutation<Int, Int, any Error>(["scoped", "b"]) { _, _ in try await runs.run() }
        .scope("post-1"))
    let other = client.store(
      for: Mutation<Int, Int, any Error>(["scoped", "c"]) { _, _ in try await runs.run() }
        .scope("post-2"))
    let a = Task { try await first.mutate(with: 1) }
    await runs.waitForStarts(1)
    let recorder = StateRecorder(second)
    let b = Task { try await second.mutate(with: 2) }
    let waiting = await recorder.next { $0.fetchStatus == .paused }
    #expect(waiting.status == .pending)
    let c = Task { try await other.mutate(with: 3) }
    await runs.waitForStarts(2)  // another scope runs at once
    #expect(runs.startCount == 2)
    runs.succeed(1)
    _ = try await a.value
    await runs.waitForStarts(3)  // now the second of post-1
    runs.succeed(3)
    runs.succeed(2)
    #expect(try await b.value == 2)
    #expect(try await c.value == 3)
    #expect(
      second.runLog.map(\.event.description).contains(#"paused (waiting for scope "post-1")"#))
  }
}

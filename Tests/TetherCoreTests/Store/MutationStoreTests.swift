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
}

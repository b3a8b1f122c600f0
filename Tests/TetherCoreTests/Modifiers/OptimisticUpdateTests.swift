import Testing

@testable import TetherCore

/// `.optimisticUpdate(of:matching:runsInFlight:invalidatesWhenSettled:)`: what happens to the
/// runs in flight under its path, and what a rollback puts back.
@Suite struct OptimisticUpdateTests {
  let client = OperationClient.testing()

  /// A post whose runs the test answers, loaded once with "original".
  func loadedPost(_ runs: ScriptedRuns<String>) async throws
    -> OperationStore<QueryState<String, any Error>>
  {
    let post = client.store(
      for: Query<String, any Error>(["post", 1]) { _ in try await runs.run() }.retry(limit: 0)
        .stale(after: .seconds(3600)).enabled(false))
    let load = Task { try await post.fetch() }
    await runs.waitForStarts(1)
    runs.succeed("original")
    _ = try await load.value
    return post
  }

  /// An edit of the post whose attempts the test answers, with `.wait`.
  func waitingEdit(_ outcomes: ScriptedRuns<String>, invalidates: Bool = true)
    -> OperationStore<MutationState<String, String, any Error>>
  {
    client.store(
      for: Mutation<String, String, any Error>(["post", 1, "edit"]) { _, _ in
        try await outcomes.run()
      }.optimisticUpdate(
        of: String.self, matching: { _ in ["post", 1] }, runsInFlight: .wait,
        invalidatesWhenSettled: invalidates
      ) { title, change in title = change })
  }

  @Test func waitingLetsTheRunInFlightFinishAndChangesWhatItBrings() async throws {
    let runs = ScriptedRuns<String>()
    let post = try await loadedPost(runs)
    let outcomes = ScriptedRuns<String>()
    let edit = waitingEdit(outcomes)

    let inFlight = Task { try await post.refetch() }
    await runs.waitForStarts(2)
    let saving = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    #expect(post.state.currentValue == "edited")  // on screen at once
    #expect(post.state.isFetching)  // and the refetch goes on
    runs.succeed("older, from the server")
    _ = try await inFlight.value
    #expect(post.state.currentValue == "edited")  // what it brought has the change too
    outcomes.succeed("edited")
    #expect(try await saving.value == "edited")
    #expect(post.state.currentValue == "edited" && post.state.isInvalidated)
  }

  /// The server saved the change, then the older answer of a run sent before it arrives.
  @Test func aRunLandingAfterTheSuccessStillGetsTheChange() async throws {
    let runs = ScriptedRuns<String>()
    let post = try await loadedPost(runs)
    let outcomes = ScriptedRuns<String>()
    let edit = waitingEdit(outcomes, invalidates: false)

    let inFlight = Task { try await post.refetch() }
    await runs.waitForStarts(2)
    let saving = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    outcomes.succeed("edited")
    _ = try await saving.value
    runs.succeed("older, read before the edit")
    _ = try await inFlight.value
    #expect(post.state.currentValue == "edited")
    // Runs after it are the server's word: the change is not made on them.
    let later = Task { try await post.refetch() }
    await runs.waitForStarts(3)
    runs.succeed("renamed since")
    _ = try await later.value
    #expect(post.state.currentValue == "renamed since")
  }

  /// Only the run that was in flight gets the change made again (here, on what its
  /// cancellation put back): a run started after it reads the server after the write.
  @Test func onlyTheRunInFlightAtTheStartIsChangedAgain() async throws {
    let runs = ScriptedRuns<String>()
    let post = try await loadedPost(runs)
    let outcomes = ScriptedRuns<String>()
    let edit = waitingEdit(outcomes, invalidates: false)

    let inFlight = Task { try await post.refetch() }
    await runs.waitForStarts(2)
    let saving = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    post.cancel()
    await #expect { try await inFlight.value } throws: { isCancellation($0) }
    #expect(post.state.currentValue == "edited")
    let later = Task { try await post.refetch() }
    await runs.waitForStarts(3)
    outcomes.succeed("edited")
    _ = try await saving.value
    runs.succeed("renamed since the edit")
    _ = try await later.value
    #expect(post.state.currentValue == "renamed since the edit")
  }

  @Test func aRollbackAfterARunLandedPutsBackWhatItBroughtAndInvalidates() async throws {
    let runs = ScriptedRuns<String>()
    let post = try await loadedPost(runs)
    let outcomes = ScriptedRuns<String>()
    let edit = waitingEdit(outcomes, invalidates: false)

    let inFlight = Task { try await post.refetch() }
    await runs.waitForStarts(2)
    let failing = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    runs.succeed("renamed by someone else")
    _ = try await inFlight.value
    #expect(post.state.currentValue == "edited")
    outcomes.fail(TestFailure(code: 409))
    await #expect { try await failing.value } throws: { failureCode(of: $0) == 409 }
    // Not "original": the server said something newer since.
    #expect(post.state.currentValue == "renamed by someone else")
    #expect(post.state.isInvalidated)
  }

  @Test func withoutARunLandingARollbackPutsBackTheValueAndNeedNotInvalidate() async throws {
    let runs = ScriptedRuns<String>()
    let post = try await loadedPost(runs)
    let outcomes = ScriptedRuns<String>()
    let edit = waitingEdit(outcomes, invalidates: false)

    let failing = Task { try await edit.mutate(with: "edited") }
    await outcomes.waitForStarts(1)
    #expect(post.state.currentValue == "edited")
    outcomes.fail(TestFailure(code: 409))
    await #expect { try await failing.value } throws: { failureCode(of: $0) == 409 }
    #expect(post.state.currentValue == "original")
    #expect(!post.state.isInvalidated)

    let saving = Task { try await edit.mutate(with: "saved") }
    await outcomes.waitForStarts(2)
    outcomes.succeed("saved")
    _ = try await saving.value
    #expect(post.state.currentValue == "saved" && !post.state.isInvalidated)
  }

  @Test func waitingKeepsTheNextPageInFlightAndChangesItToo() async throws {
    let pages = ScriptedRuns<[String]>()
    let feed = client.store(
      for: PaginatedQuery<Int, [String], any Error>(["feed"], initialPageID: 0) { last, _ in
        last.id + 1
      } fetchPage: { _, _ in
        try await pages.run()
      }.retry(limit: 0).enabled(false))
    let first = Task { try await feed.fetchNextPage() }
    await pages.waitForStarts(1)
    pages.succeed(["a", "b"])
    _ = try await first.value
    let outcomes = ScriptedRuns<String>()
    let remove = client.store(
      for: Mutation<String, String, any Error>(["feed", "remove"]) { _, _ in
        try await outcomes.run()
      }.optimisticUpdate(
        of: [String].self, matching: { _ in ["feed"] }, runsInFlight: .wait,
        invalidatesWhenSettled: false
      ) { titles, removed in titles.removeAll { $0 == removed } })

    let next = Task { try await feed.fetchNextPage() }
    await pages.waitForStarts(2)
    let removing = Task { try await remove.mutate(with: "b") }
    await outcomes.waitForStarts(1)
    #expect(feed.state.pages.map(\.value) == [["a"]])
    pages.succeed(["b", "c"])  // the page was read before the removal reached the server
    _ = try await next.value
    #expect(feed.state.pages.map(\.value) == [["a"], ["c"]])
    outcomes.succeed("b")
    _ = try await removing.value
    #expect(feed.state.pages.map(\.value) == [["a"], ["c"]])
  }
}

import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherTerminal

@Suite struct StoreActionTests {
  /// An observed HTTP query at `["item", 1]`, fetched once, selected in the store view.
  func observedItem(_ harness: DevtoolsHarness) async throws -> (
    OperationStore<QueryState<Item, HTTPError>>, OperationSubscription
  ) {
    harness.serve("items/1")
    let store = harness.httpQuery(["item", 1], route: "items/1")
    let subscription = store.subscribe { _ in }
    await harness.waitUntil("fetched") { _ in store.state.status == .success }
    await harness.waitUntil("listed") {
      $0.app.inspector.catalog.record(at: ["item", 1])?.snapshot.status == .success
    }
    harness.press(.down)
    return (store, subscription)
  }

  @Test func refetchSendsARequest() async throws {
    let harness = try DevtoolsHarness()
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    #expect(harness.transport.requests.count == 1)
    harness.press("r")
    await harness.waitUntil("refetched") { _ in store.state.runCount == 2 && !store.state.isFetching
    }
    #expect(harness.transport.requests.count == 2)
  }

  @Test func invalidateMarksTheQueryStaleAndRefetchesWhenObserved() async throws {
    let harness = try DevtoolsHarness()
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    harness.press("i")
    await harness.waitUntil("refetched") { _ in store.state.runCount == 2 && !store.state.isFetching
    }
    #expect(harness.screen.find("Invalidated") != nil, "\(harness.text)")
  }

  @Test func aMutationIsNeverRefetchedAndRetryLatestAsksFirst() async throws {
    let harness = try DevtoolsHarness()
    let sent = Gate<Int>()
    let add = harness.client.store(
      for: Mutation<String, Int, any Error>(["posts", "add"]) { title, _ in
        try await sent.run()
      })
    let first = Task { try await add.mutate(with: "Hello world") }
    await sent.waitForStarts(1)
    sent.succeed(252)
    _ = try await first.value
    await harness.waitFor("posts · add")
    harness.press(.down, .down)
    harness.press("r")
    #expect(harness.screen.find("never refetched") != nil, "\(harness.text)")
    #expect(sent.startCount == 1)
    // Retry latest shows the arguments and asks; Enter is "Cancel".
    harness.press("R")
    #expect(harness.screen.find("\"Hello world\"") != nil, "\(harness.text)")
    #expect(harness.screen.find("Send again") != nil)
    harness.press(.enter)
    #expect(harness.screen.find("Send again") == nil)
    #expect(sent.startCount == 1, "refused: nothing sent")
    harness.press("R", "n")
    #expect(sent.startCount == 1)
    harness.press("R", "y")
    await sent.waitForStarts(2)
    #expect(add.state.latestAttempt?.arguments == "Hello world")
    sent.succeed(253)
    await harness.waitFor("sent again: it succeeded")
    #expect(add.state.history.count == 2)
  }

  @Test func removeAsksWhenTheStoreHasSubscribersAndNotOtherwise() async throws {
    let harness = try DevtoolsHarness()
    let (_, subscription) = try await observedItem(harness)
    harness.press("x")
    #expect(harness.screen.find("It has 1 subscriber") != nil, "\(harness.text)")
    harness.press("n")
    #expect(harness.client.store(at: ["item", 1]) != nil, "kept")
    harness.press(.delete, "y")
    #expect(harness.client.store(at: ["item", 1]) == nil, "removed")
    subscription.cancel()
    try await harness.query(["post", 9], value: 9).fetch()
    await harness.waitFor("post · 9")
    harness.press(.down, "x")
    #expect(harness.client.store(at: ["post", 9]) == nil, "unobserved: removed without asking")
  }

  @Test func resetAsksWhenAnOptimisticChangeIsNotYetSaved() async throws {
    let harness = try DevtoolsHarness()
    try await harness.query(["post", 3], value: "old").fetch()
    let post = try #require(
      harness.client.store(at: ["post", 3]) as? OperationStore<QueryState<String, any Error>>)
    let saving = Gate<String>()
    let edit = harness.client.store(
      for: Mutation<String, String, any Error>(["posts", "edit"]) { _, _ in try await saving.run() }
    )
    post.setCurrentValue("new")
    let save = Task { try await edit.mutate(with: "new") }
    await saving.waitForStarts(1)
    await harness.waitFor("post · 3")
    harness.press(.down, "z")
    #expect(harness.screen.find("not yet saved") != nil, "\(harness.text)")
    harness.press(.escape)
    #expect(post.state.currentValue == "new")
    saving.succeed("new")
    _ = try await save.value
    await harness.waitUntil("saved") { _ in edit.state.fetchStatus == .idle }
    harness.press("z")
    #expect(harness.screen.find("not yet saved") == nil, "saved: reset at once")
    #expect(post.state.currentValue == nil)
  }

  @Test func triggerLoadingShowsTheFirstLoadWithoutARequestAndRestores() async throws {
    let harness = try DevtoolsHarness()
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    harness.press("P")
    #expect(store.state.isLoading && store.state.currentValue == nil)
    #expect(harness.transport.requests.count == 1, "no request sent")
    await harness.waitFor("fetching 1")
    // A fetch meanwhile joins the simulated load rather than sending a request.
    let joined = Task { try await store.fetch() }
    await harness.waitUntil("the fetch waits") { _ in store.state.isLoading }
    #expect(harness.transport.requests.count == 1)
    harness.press("u")
    #expect(store.state.currentValue == Item(id: 1, name: "one"), "the value is back")
    _ = try await joined.value
    #expect(harness.screen.find("Restored") != nil, "\(harness.text)")
  }

  @Test func triggerErrorOffersTheFailuresThatFitAndRestores() async throws {
    let harness = try DevtoolsHarness()
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    harness.press("E")
    #expect(harness.screen.find("503 Service Unavailable") != nil, "\(harness.text)")
    #expect(
      harness.screen.find("Unknown error from devtools") == nil,
      "only HTTP failures fit an HTTPError")
    harness.press(.down, .enter)
    #expect(store.state.status == .failure)
    #expect(store.state.error?.statusCode == 500, "\(String(describing: store.state.error))")
    #expect(store.state.currentValue?.id == 1, "a simulated error keeps the content, as a real one")
    #expect(harness.transport.requests.count == 1)
    await harness.waitFor("error 1")
    harness.press("u")
    #expect(store.state.status == .success && store.state.currentValue?.id == 1)
  }

  /// Simulated runs are counted and logged like real ones (no numbers skip), the row and the
  /// footer say the state is simulated, and a real success ends the simulation.
  @Test func simulatedStatesAreCountedMarkedAndEndWhenRealityArrives() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    #expect(harness.screen.find("u restore") == nil, "nothing to restore: \(harness.text)")
    harness.press("P")
    await harness.waitFor("◆ sim")
    #expect(store.state.runCount == 2 && store.snapshot.simulation == .loading)
    #expect(harness.line(containing: "◆ sim")?.contains("2 runs") == true, "\(harness.text)")
    #expect(harness.screen.find("u restore") != nil, "the footer offers it: \(harness.text)")
    harness.press("u")
    // The value was stale: restoring refetches it (run #3), as a subscriber would.
    await harness.waitUntil("restored") { _ in
      store.state.runCount == 3 && store.state.fetchStatus == .idle
    }
    await harness.waitUntil("the row updated") { $0.screen.find("◆ sim") == nil }
    #expect(store.state.currentValue?.id == 1 && store.snapshot.simulation == nil)
    #expect(harness.line(containing: "item · 1")?.contains("3 runs") == true, "\(harness.text)")
    #expect(harness.screen.find("u restore") == nil, "\(harness.text)")
    harness.press("E", .down, .enter)
    await harness.waitFor("◆ sim")
    #expect(harness.line(containing: "◆ sim")?.contains("error") == true, "\(harness.text)")
    #expect(store.state.runCount == 4 && store.state.currentValue?.id == 1)
    harness.press("r")
    await harness.waitUntil("a real success") { _ in
      store.snapshot.simulation == nil && store.state.status == .success
    }
    await harness.waitUntil("the row updated") { $0.screen.find("◆ sim") == nil }
    #expect(store.state.runCount == 5)
    let runs = Set(store.runLog.compactMap { $0.run?.number })
    #expect(runs == [1, 2, 3, 4, 5], "every run logged, none skipped")
    harness.press(.enter)
    #expect(harness.screen.find("simulated") == nil, "\(harness.text)")
    #expect(harness.line(containing: "│runs      ")?.contains("5") == true, "\(harness.text)")
    harness.press(.tab, .tab)
    #expect(harness.screen.find("run #2 simulated") != nil, "\(harness.text)")
    #expect(harness.screen.find("run #4 simulated") != nil, "\(harness.text)")
    #expect(harness.screen.find("run #5 refetch") != nil, "\(harness.text)")
  }

  /// Trigger loading has a key that means nothing else: `L` is the demo's latency.
  @Test func triggerLoadingHasAKeyOfItsOwn() {
    let keys = DevtoolsKeys.standardStores
    #expect(keys.keyLabel(for: .triggerLoading) == "P")
    let latency: Key = "L"
    #expect(keys.action(for: latency) == nil)
  }

  @Test func triggerErrorSaysWhenNoFailureFits() async throws {
    let harness = try DevtoolsHarness(failures: [])
    try await harness.query(["post", 1], value: 1).fetch()
    await harness.waitFor("post · 1")
    harness.press(.down, "E")
    #expect(harness.screen.find("No failure fits") != nil, "\(harness.text)")
  }

  @Test func failsTheNextRequestsOfOneStore() async throws {
    let harness = try DevtoolsHarness()
    harness.serve("items/2", Item(id: 2, name: "two"))
    let other = harness.httpQuery(["item", 2], route: "items/2")
    let (store, subscription) = try await observedItem(harness)
    defer { subscription.cancel() }
    harness.press(.down)
    #expect(harness.app.inspector.browser.selection == .store(mutations: false, ["item", 1]))
    harness.press("!")
    #expect(harness.screen.find("‹ 3 requests ›") != nil, "\(harness.text)")
    #expect(harness.screen.find("0 lets them all through") != nil, "\(harness.text)")
    #expect(harness.screen.find("0 stops") == nil && harness.screen.find("queued for it") == nil)
    harness.press(.left, .enter)
    #expect(harness.faults.storeFailures[["item", 1]] == 2)
    // The row and the dialog say how many are still queued.
    await harness.waitFor("2 queued")
    #expect(harness.line(containing: "2 queued")?.contains("1") == true, "\(harness.text)")
    harness.press("!")
    #expect(
      harness.screen.find("2 injected failures are still queued for it") != nil, "\(harness.text)")
    #expect(harness.screen.find("‹ 2 requests ›") != nil, "\(harness.text)")
    harness.press(.escape)
    let failed = Task { try await store.refetch() }
    await harness.waitUntil("one spent") { $0.faults.storeFailures[["item", 1]] == 1 }
    harness.advance(by: .milliseconds(1))
    #expect(harness.screen.find("1 queued") != nil, "\(harness.text)")
    await harness.release(after: .seconds(1))
    _ = try? await other.fetch()
    #expect(other.state.status == .success, "other stores go through")
    await harness.release(after: .seconds(2))
    _ = try await failed.value
    #expect(store.state.runCount == 2 && store.state.status == .success)
    let statuses = harness.network.records.filter { $0.origin?.path == ["item", 1] }.map(\.status)
    #expect(
      statuses.count == 4 && statuses.first == 200 && statuses.last == 200
        && statuses[1...2].allSatisfy { $0 == 500 || $0 == 503 }, "\(statuses)")
    #expect(harness.network.records.filter { $0.injectedFault != nil }.count == 2)
    #expect(harness.faults.storeFailures.isEmpty)
  }
}

import Observation
import Testing
import TetherSynchronization

@testable import TetherCore

/// Projections: `select`, `notifyOnChangeProps` and `combine`, as TanStack's queryObserver
/// tests check them.
@Suite struct ProjectionTests {
  struct Post: Equatable, Sendable {
    var title: String
    var body: String
  }

  final class Calls<Value: Sendable>: Sendable {
    private let values = SanitizerVisibleMutex([Value]())
    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
  }

  let client = OperationClient.testing()

  func postStore(_ runs: ScriptedRuns<Post>? = nil) -> OperationStore<QueryState<Post, any Error>> {
    client.store(
      for: Query<Post, any Error>(["post", 1]) { _ in
        if let runs { return try await runs.run() }
        return Post(title: "fetched", body: "fetched")
      }.enabled(false))
  }

  @Test func aProjectionIsNotCalledForUnrelatedChanges() async throws {
    let runs = ScriptedRuns<Post>()
    let store = postStore(runs)
    store.setCurrentValue(Post(title: "a", body: "1"))
    let titles = Calls<String?>()
    let subscription = store.subscribe(select: \.currentValue?.title) { titles.record($0) }
    store.setCurrentValue(Post(title: "a", body: "2"))  // another field
    let fetching = Task { try await store.refetch() }
    await runs.waitForStarts(1)  // fetchStatus changed
    runs.succeed(Post(title: "a", body: "3"))  // an equal title fetched again
    _ = try await fetching.value
    #expect(titles.all == ["a"])
    store.setCurrentValue(Post(title: "b", body: "3"))
    #expect(titles.all == ["a", "b"])
    subscription.cancel()
    store.setCurrentValue(Post(title: "c", body: "3"))
    #expect(titles.all == ["a", "b"])
  }

  @Test func notifyingOnChosenPropertiesOnly() async throws {
    let store = postStore()
    let valueCalls = Calls<Int>()
    let fetchCalls = Calls<FetchStatus>()
    let byValue = store.subscribe(notifyingOn: .value) { valueCalls.record($0.valueUpdateCount) }
    let byFetch = store.subscribe(notifyingOn: .fetchStatus) { fetchCalls.record($0.fetchStatus) }
    try await store.fetch()
    try await store.fetch()
    // Every fetch records a value, even an equal one: counted by update, not compared.
    #expect(valueCalls.all == [0, 1, 2])
    #expect(fetchCalls.all == [.idle, .fetching, .idle, .fetching, .idle])
    store.invalidate()  // neither property
    #expect(valueCalls.all.count == 3 && fetchCalls.all.count == 5)
    byValue.cancel()
    byFetch.cancel()
  }

  @Test func aThousandSubscribersEachTakingOneFieldAreCalledOncePerChangedField() async throws {
    let store = client.store(
      for: Query<[Int], any Error>(["fields"]) { _ in [] }.enabled(false))
    store.setCurrentValue(Array(repeating: 0, count: 1000))
    let calls = Counter()
    let subscriptions = (0..<1000).map { field in
      store.subscribe(select: { $0.currentValue?[field] }) { _ in calls.increment() }
    }
    #expect(calls.count == 1000)  // each its first value
    store.withCurrentValue { $0?[417] = 1 }
    #expect(calls.count == 1001)
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test func anObservedProjectionChangesOnlyWithItsValue() async throws {
    let store = postStore()
    store.setCurrentValue(Post(title: "a", body: "1"))
    let title = ObservedProjection(store) { $0.currentValue?.title }
    #expect(title.value == "a" && title.revision == 0)
    let observed = Counter()
    withObservationTracking {
      _ = title.value
    } onChange: {
      observed.increment()
    }
    store.setCurrentValue(Post(title: "a", body: "2"))
    store.invalidate()
    #expect(observed.count == 0 && title.revision == 0 && title.value == "a")
    store.setCurrentValue(Post(title: "b", body: "2"))
    #expect(observed.count == 1 && title.revision == 1 && title.value == "b")
    #expect(store.subscriberCount == 1)
  }

  @Test func combiningStoresUpdatesWhenAnyInputChangesTheResult() async throws {
    let user = client.store(
      for: Query<String, any Error>(["user"]) { _ in "ada" }.enabled(false))
    let unread = client.store(
      for: Query<Int, any Error>(["unread"]) { _ in 3 }.enabled(false))
    let header = CombinedStores(user, unread) { user, unread in
      "\(user.currentValue ?? "…") (\(unread.currentValue ?? 0))"
    }
    #expect(header.value == "… (0)" && header.revision == 0)
    let observed = Counter()
    withObservationTracking {
      _ = header.value
    } onChange: {
      observed.increment()
    }
    try await user.fetch()
    #expect(header.value == "ada (0)" && observed.count == 1)
    try await unread.fetch()
    #expect(header.value == "ada (3)")
    let revision = header.revision
    user.invalidate()  // the combined value stays the same
    try await user.fetch()
    #expect(header.revision == revision)
    #expect(user.subscriberCount == 1 && unread.subscriberCount == 1)
  }

  @Test func cancellingAProjectionReleasesItsProjectionAndHandler() async throws {
    final class Captured: Sendable {}
    let store = postStore()
    var captured: Captured? = Captured()
    weak let watched = captured
    let subscription = store.subscribe(
      select: { [captured] _ in captured != nil }, onChange: { [captured] _ in _ = captured })
    captured = nil
    #expect(watched != nil && store.subscriberCount == 1)
    subscription.cancel()
    #expect(watched == nil && store.subscriberCount == 0)
  }

  @Test func releasingACombinationEndsItsSubscriptions() async throws {
    let user = client.store(
      for: Query<String, any Error>(["user"]) { _ in "ada" }.enabled(false))
    var header: CombinedStores<String>? = CombinedStores(user) { $0.currentValue ?? "" }
    #expect(user.subscriberCount == 1 && header?.value == "")
    header = nil
    #expect(user.subscriberCount == 0)
  }
}

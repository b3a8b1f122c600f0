import Foundation
import Testing
import TetherJSON
import TetherSynchronization

@testable import TetherCore

@Suite struct SnapshotTests {
  struct Item: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  /// Not `Codable`: its stores are never written.
  struct Opaque: Sendable, Equatable {
    var id: Int
  }

  let clock = TestClock()

  /// A snapshot as it comes back from disk.
  func roundTripped(_ snapshot: ClientSnapshot) throws -> ClientSnapshot {
    try JSONDecoder().decode(ClientSnapshot.self, from: JSONEncoder().encode(snapshot))
  }

  func itemQuery(_ id: Int, runs: Counter = Counter()) -> Query<Item, any Error> {
    Query(["item", id]) { _ in
      Item(id: id, title: "fetched \(runs.increment())")
    }
  }

  @Test func aQueryComesBackWithItsValueAndDateMarkedStale() async throws {
    let first = OperationClient.testing(clock: clock)
    let store = first.store(for: itemQuery(1).enabled(false).stale(after: .seconds(3600)))
    let fetchedAt = clock.now()
    _ = try await store.fetch()
    clock.advance(by: .seconds(60))
    let snapshot = try roundTripped(first.dehydrate(buster: "v1"))
    #expect(snapshot.buster == "v1" && snapshot.stores.count == 1)
    #expect(snapshot.stores[0].kind == .query && snapshot.stores[0].updatedAt == fetchedAt)

    let second = OperationClient.testing(clock: clock)
    let summary = second.hydrate(snapshot)
    #expect(summary.deferred == 1 && summary.restored == 0)
    let runs = Counter()
    let restored = second.store(
      for: itemQuery(1, runs: runs).enabled(false).stale(after: .seconds(3600)))
    let state = restored.state
    #expect(state.currentValue == Item(id: 1, title: "fetched 1"))
    #expect(state.status == .success && state.fetchStatus == .idle)
    #expect(state.valueLastUpdatedAt == fetchedAt)
    // Fresh by its stale time, but restored: stale until fetched again.
    #expect(state.isInvalidated && restored.isStale)
    #expect(runs.count == 0 && second.pendingRestoredSnapshots.isEmpty)
  }

  @Test func anObservedRestoredQueryRevalidatesAtOnce() async throws {
    let first = OperationClient.testing(clock: clock)
    _ = try await first.store(for: itemQuery(2).enabled(false)).fetch()
    let second = OperationClient.testing(clock: clock)
    second.hydrate(try roundTripped(first.dehydrate()))
    let runs = Counter()
    let store = second.store(for: itemQuery(2, runs: runs))
    #expect(store.state.currentValue?.title == "fetched 1")
    let recorder = StateRecorder(store)
    let fresh = await recorder.next { $0.fetchStatus == .idle && !$0.isInvalidated }
    #expect(fresh.currentValue?.title == "fetched 1" && runs.count == 1)
    #expect(store.runLog.contains { $0.event.description == "started by subscribe" })
  }

  @Test func anExistingObservedStoreTakesTheSnapshotAndRefetches() async throws {
    let first = OperationClient.testing(clock: clock)
    _ = try await first.store(for: itemQuery(3).enabled(false)).fetch()
    let snapshot = try roundTripped(first.dehydrate())

    let online = ManualCondition(false)
    let second = OperationClient.testing(clock: clock, online: online)
    let runs = Counter()
    let store = second.store(for: itemQuery(3, runs: runs))
    let recorder = StateRecorder(store)
    await recorder.next { $0.isPaused }  // the first load waits for the network
    let summary = second.hydrate(snapshot)
    #expect(summary.restored == 1)
    let shown = await recorder.next { $0.hasValue }
    #expect(shown.currentValue?.title == "fetched 1" && shown.isPaused && shown.isInvalidated)
    online.set(true)
    let fresh = await recorder.next { !$0.isInvalidated && $0.fetchStatus == .idle }
    #expect(fresh.currentValue?.title == "fetched 1" && runs.count == 1)
  }

  @Test func aSnapshotNeverOverwritesNewerData() async throws {
    let first = OperationClient.testing(clock: clock)
    _ = try await first.store(for: itemQuery(4).enabled(false)).fetch()
    let snapshot = try roundTripped(first.dehydrate())
    clock.advance(by: .seconds(5))

    let second = OperationClient.testing(clock: clock)
    let store = second.store(
      for: Query<Item, any Error>(["item", 4]) { _ in Item(id: 4, title: "newer") }
        .enabled(false))
    _ = try await store.fetch()
    let summary = second.hydrate(snapshot)
    #expect(summary.keptNewer == 1 && summary.restored == 0)
    #expect(store.state.currentValue?.title == "newer" && !store.state.isInvalidated)
  }

  @Test func theNewestOfTwoDeferredSnapshotsOfOnePathWins() async throws {
    let path = PersistedPath(["item", 5])!
    let encoded = { (title: String) in
      try JSONCoder().encode(Item(id: 5, title: title))
    }
    let older = StoreSnapshot(
      kind: .query, path: path, updatedAt: clock.now(), payload: try encoded("older"))
    let newer = StoreSnapshot(
      kind: .query, path: path, updatedAt: clock.now().addingTimeInterval(1),
      payload: try encoded("newer"))
    let client = OperationClient.testing(clock: clock)
    client.hydrate([newer])
    client.hydrate([older])
    let store = client.store(for: itemQuery(5).enabled(false))
    #expect(store.state.currentValue?.title == "newer")
  }

  @Test func pendingFailedPlaceholderAndOpaqueStoresAreNotWritten() async throws {
    let client = OperationClient.testing(clock: clock)
    _ = client.store(for: itemQuery(6).enabled(false))  // pending
    let failing = client.store(
      for: Query<Item, any Error>(["failing"]) { _ in throw TestFailure(code: 500) }
        .retry(limit: 0).enabled(false))
    _ = try? await failing.fetch()
    #expect(failing.state.status == .failure)
    _ = client.store(for: itemQuery(7).enabled(false), placeholder: Item(id: 7, title: "feed"))
    _ = try await client.store(
      for: Query<Opaque, any Error>(["opaque"]) { _ in Opaque(id: 1) }.enabled(false)
    ).fetch()
    _ = try await client.store(for: itemQuery(8).enabled(false)).fetch()
    let snapshot = client.dehydrate()
    #expect(snapshot.stores.map(\.path.key) == [#"["item",8]"#])
    let opaque = client.store(at: ["opaque"])!
    if case .notPersistable(let reason) = client.dehydrate(opaque) {
      #expect(reason.contains("not Codable"))
    } else {
      Issue.record("an opaque store was persistable")
    }
  }

  @Test func aFailedRefetchKeepsTheLastValueInTheSnapshot() async throws {
    let client = OperationClient.testing(clock: clock)
    let fails = Counter()
    let store = client.store(
      for: Query<Item, any Error>(["flaky"]) { _ in
        if fails.increment() > 1 { throw TestFailure(code: 503) }
        return Item(id: 9, title: "good")
      }.retry(limit: 0).enabled(false))
    _ = try await store.fetch()
    let goodAt = clock.now()
    clock.advance(by: .seconds(10))
    _ = try? await store.refetch()
    #expect(store.state.status == .failure)
    let written = client.dehydrate().stores
    #expect(written.count == 1 && written[0].updatedAt == goodAt)
  }

  @Test func aFilterChoosesTheQueries() async throws {
    let client = OperationClient.testing(clock: clock)
    _ = try await client.store(for: itemQuery(10).enabled(false)).fetch()
    let other = client.store(
      for: Query<Item, any Error>(["other"]) { _ in Item(id: 0, title: "x") }.enabled(false))
    _ = try await other.fetch()
    let filter = SnapshotFilter { $0.path.hasPrefix(["item"]) }
    #expect(client.dehydrate(filter: filter).stores.map(\.path.key) == [#"["item",10]"#])
  }

  @Test func pagesComeBackWithTheirNeighbours() async throws {
    let fetched = Counter()
    let feed = PaginatedQuery<Int, [Int], any Error>(["feed"], initialPageID: 0) { last, _ in
      last.id < 20 ? last.id + 10 : nil
    } fetchPage: { offset, _ in
      fetched.increment()
      return Array(offset..<offset + 10)
    }.enabled(false)
    let first = OperationClient.testing(clock: clock)
    let store = first.store(for: feed)
    _ = try await store.fetch()
    _ = try await store.fetchNextPage()
    let snapshot = try roundTripped(first.dehydrate())
    #expect(snapshot.stores.first?.kind == .paginatedQuery)

    let second = OperationClient.testing(clock: clock)
    second.hydrate(snapshot)
    let restored = second.store(for: feed)
    #expect(restored.state.pages.map(\.id) == [0, 10])
    #expect(restored.state.hasNextPage && !restored.state.hasPreviousPage)
    #expect(restored.state.isInvalidated)
    #expect(try await restored.fetchNextPage()?.id == 20)
    #expect(restored.state.pages.map(\.id) == [0, 10, 20] && !restored.state.hasNextPage)
    #expect(fetched.count == 3)
  }

  @Test func anUnreadableSnapshotIsDroppedWithAWarning() async throws {
    let warnings = SanitizerVisibleMutex<[String]>([])
    var defaults = OperationDefaults()
    defaults.warningHandler = { message in warnings.withLock { $0.append(message) } }
    let client = OperationClient(
      clock: clock, connectivity: ManualCondition(true), defaults: defaults)
    client.hydrate([
      StoreSnapshot(
        kind: .query, path: PersistedPath(["item", 11])!, updatedAt: clock.now(),
        payload: Data(#"{"id":"eleven","title":"t"}"#.utf8))
    ])
    let store = client.store(for: itemQuery(11).enabled(false))
    #expect(!store.state.hasValue)
    let messages = warnings.withLock { $0 }
    #expect(messages.count == 1 && messages[0].contains("could not be read"))
  }

  @Test func anotherFormatVersionRestoresNothing() {
    let client = OperationClient.testing(clock: clock)
    let snapshot = ClientSnapshot(
      formatVersion: ClientSnapshot.currentFormatVersion + 1, savedAt: clock.now(),
      stores: [
        StoreSnapshot(
          kind: .query, path: PersistedPath(["item", 1])!, updatedAt: clock.now(),
          payload: Data("{}".utf8))
      ])
    #expect(client.hydrate(snapshot) == HydrationSummary())
    #expect(client.pendingRestoredSnapshots.isEmpty)
  }

  @Test func aStoreUnchangedSinceItWasWrittenIsNotEncodedAgain() async throws {
    let client = OperationClient.testing(clock: clock)
    let store = client.store(for: itemQuery(21).enabled(false))
    _ = try await store.fetch()
    let fetchedAt = try #require(store.state.valueLastUpdatedAt)
    guard case .unchanged = client.dehydrate(store, unchangedSince: fetchedAt) else {
      Issue.record("encoded again")
      return
    }
    clock.advance(by: .seconds(1))
    _ = try await store.fetch()
    guard case .written(let snapshot) = client.dehydrate(store, unchangedSince: fetchedAt) else {
      Issue.record("not written after a change")
      return
    }
    #expect(snapshot.updatedAt == clock.now())
  }
}

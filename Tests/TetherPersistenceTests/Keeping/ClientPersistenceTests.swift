import Foundation
import Testing
import TetherCore
import TetherPersistence
import TetherSynchronization

/// The keeper on the test clock: what it restores, what it writes and when, what it discards
/// and evicts.
struct ClientPersistenceTests {
  struct Item: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  let clock = TestClock()

  func client(online: ManualCondition = ManualCondition(true)) -> OperationClient {
    OperationClient(clock: clock, connectivity: online)
  }

  func item(_ id: Int, _ title: String = "fetched") -> some QueryRequest<Item, any Error> {
    Query<Item, any Error>(["item", id]) { _ in Item(id: id, title: title) }.enabled(false)
  }

  /// Waits until the throttle's timer sleeps, then lets it fire.
  func passThrottle(_ interval: Duration = .seconds(1)) async {
    await clock.waitForSleepers(1, dueBy: clock.now().adding(interval))
    clock.advance(by: interval)
  }

  @Test func changesAreWrittenOnceAThrottleIntervalAfterTheFirst() async throws {
    let persister = RecordingPersister()
    let client = client()
    let persistence = await ClientPersistence.start(client, persister: persister)
    _ = try await client.store(for: item(1)).fetch()
    clock.advance(by: .milliseconds(500))
    _ = try await client.store(for: item(2)).fetch()
    #expect(persister.saves.isEmpty)
    await clock.waitForSleepers(1, dueBy: clock.now().adding(.milliseconds(500)))
    clock.advance(by: .milliseconds(500))
    let save = try #require(await persister.nextSave())
    #expect(Set(save.stores.map(\.path.key)) == [#"["item",1]"#, #"["item",2]"#])
    #expect(persister.saves.count == 1)
    await persistence.close()
  }

  @Test func closingWritesWhatTheThrottleHeldBack() async throws {
    let persister = RecordingPersister()
    let client = client()
    let persistence = await ClientPersistence.start(client, persister: persister)
    _ = try await client.store(for: item(1)).fetch()
    await persistence.close()
    #expect(persister.snapshot?.stores.count == 1 && persister.isClosed)
  }

  @Test func aSecondLaunchShowsTheCachedValueStaleThenRevalidates() async throws {
    let persister = RecordingPersister()
    let first = client()
    let saving = await ClientPersistence.start(
      first, persister: persister, options: PersistenceOptions(buster: "v1"))
    _ = try await first.store(for: item(1, "cached")).fetch()
    let cachedAt = clock.now()
    await saving.close()
    clock.advance(by: .seconds(2 * 3600))

    let second = client()
    let restoring = await ClientPersistence.start(
      second, persister: persister, options: PersistenceOptions(buster: "v1"))
    #expect(restoring.restoration.restoredCount == 1)
    #expect(restoring.restoration.savedAt == cachedAt)
    let store = second.store(for: item(1, "fresh"))
    #expect(store.state.currentValue?.title == "cached" && store.isStale)
    #expect(store.state.valueLastUpdatedAt == cachedAt)
    _ = try await store.refetch()
    #expect(store.state.currentValue?.title == "fresh")
    await restoring.close()
    #expect(persister.snapshot?.stores.first?.updatedAt == clock.now())
  }

  @Test func anUnchangedRestoredStoreIsNotWrittenAgain() async throws {
    let persister = RecordingPersister()
    let first = client()
    let saving = await ClientPersistence.start(first, persister: persister)
    _ = try await first.store(for: item(1)).fetch()
    await saving.close()
    let saves = persister.saves.count

    let second = client()
    let restoring = await ClientPersistence.start(second, persister: persister)
    _ = second.store(for: item(1))  // takes its snapshot: noted, but the same data
    await restoring.close()
    #expect(persister.saves.count == saves)
  }

  @Test func aResetOrRemovedStoreIsDeleted() async throws {
    let persister = RecordingPersister()
    let client = client()
    let persistence = await ClientPersistence.start(client, persister: persister)
    let one = client.store(for: item(1))
    _ = try await one.fetch()
    _ = try await client.store(for: item(2)).fetch()
    persistence.flush()
    #expect(persister.snapshot?.stores.count == 2)
    one.reset()
    client.remove(at: ["item", 2])
    persistence.flush()
    #expect(persister.snapshot?.stores.isEmpty == true)
    #expect(persister.saves.last?.removed.count == 2)
    await persistence.close()
  }

  @Test func aSnapshotOlderThanMaxAgeIsDiscarded() async throws {
    let persister = RecordingPersister()
    let first = client()
    let saving = await ClientPersistence.start(first, persister: persister)
    _ = try await first.store(for: item(1)).fetch()
    await saving.close()
    clock.advance(by: .seconds(24 * 3600 + 1))

    let notices = SanitizerVisibleMutex<[PersistenceNotice]>([])
    let second = client()
    let restoring = await ClientPersistence.start(second, persister: persister) { notice in
      notices.withLock { $0.append(notice) }
    }
    guard case .tooOld = restoring.restoration.discarded else {
      Issue.record("not discarded: \(restoring.restoration)")
      return
    }
    #expect(persister.discards == 1 && !second.store(for: item(1)).state.hasValue)
    #expect(notices.withLock { $0 }.map(\.description).first?.contains("maximum age") == true)
    await restoring.close()
  }

  @Test func aStoreOlderThanMaxAgeIsDroppedAndTheRestKept() async throws {
    let persister = RecordingPersister()
    let first = client()
    let saving = await ClientPersistence.start(first, persister: persister)
    let old = first.store(for: item(1, "old"))
    _ = try await old.fetch()
    // Observed, so that 20 hours do not collect it: a collected store's row is deleted at the
    // next save, and then only its age is to be tested here.
    let observing = old.subscribe { _ in }
    saving.flush()
    clock.advance(by: .seconds(20 * 3600))
    _ = try await first.store(for: item(2, "recent")).fetch()
    await saving.close()
    observing.cancel()
    clock.advance(by: .seconds(5 * 3600))

    let second = client()
    let restoring = await ClientPersistence.start(second, persister: persister)
    #expect(restoring.restoration.evicted == 1 && restoring.restoration.restoredCount == 1)
    #expect(!second.store(for: item(1)).state.hasValue)
    #expect(second.store(for: item(2)).state.currentValue?.title == "recent")
    #expect(persister.snapshot?.stores.map(\.path.key) == [#"["item",2]"#])
    await restoring.close()
  }

  @Test func anotherBusterDiscardsTheSnapshot() async throws {
    let persister = RecordingPersister()
    let first = client()
    let saving = await ClientPersistence.start(
      first, persister: persister, options: PersistenceOptions(buster: "v1"))
    _ = try await first.store(for: item(1)).fetch()
    await saving.close()

    let second = client()
    let restoring = await ClientPersistence.start(
      second, persister: persister, options: PersistenceOptions(buster: "v2"))
    #expect(restoring.restoration.discarded == .otherBuster("v1"))
    #expect(!second.store(for: item(1)).state.hasValue)
    _ = try await second.store(for: item(3)).fetch()
    await restoring.close()
    #expect(persister.snapshot?.buster == "v2" && persister.snapshot?.stores.count == 1)
  }

  @Test func pastMaximumStoresTheLeastRecentlyChangedAreEvicted() async throws {
    let persister = RecordingPersister()
    let client = client()
    let persistence = await ClientPersistence.start(
      client, persister: persister, options: PersistenceOptions(maximumStores: 3))
    for id in 1...5 {
      _ = try await client.store(for: item(id)).fetch()
      clock.advance(by: .milliseconds(10))
    }
    await persistence.close()
    let kept = persister.snapshot?.stores.map(\.path.key).sorted()
    #expect(kept == [#"["item",3]"#, #"["item",4]"#, #"["item",5]"#])
  }

  @Test func aStoreTooLargeIsLeftOutAndSaidOnce() async throws {
    let persister = RecordingPersister()
    let notices = SanitizerVisibleMutex<[PersistenceNotice]>([])
    let client = client()
    let persistence = await ClientPersistence.start(
      client, persister: persister, options: PersistenceOptions(maximumStoreSize: 100)
    ) { notice in notices.withLock { $0.append(notice) } }
    let big = client.store(for: item(1, String(repeating: "x", count: 200)))
    _ = try await big.fetch()
    persistence.flush()
    _ = try await big.refetch()
    await persistence.close()
    #expect(persister.snapshot?.stores.isEmpty ?? true)
    let said = notices.withLock { $0 }
    #expect(said.count == 1 && said[0].description.contains("more than the limit"))
  }

  @Test func aStorageThatLostEverythingGetsEverythingAgain() async throws {
    let persister = RecordingPersister()
    let client = client()
    let persistence = await ClientPersistence.start(client, persister: persister)
    _ = try await client.store(for: item(1)).fetch()
    _ = try await client.store(for: item(2)).fetch()
    persistence.flush()
    persister.loseEverything()
    _ = try await client.store(for: item(3)).fetch()
    persistence.flush()
    #expect(persister.saves.last?.replacesAll == true)
    #expect(persister.snapshot?.stores.count == 3)
    await persistence.close()
  }
}

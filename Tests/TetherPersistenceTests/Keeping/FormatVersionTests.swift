import Foundation
import Testing
import TetherCore
import TetherPersistence
import TetherSynchronization

/// A cache written by a build of another snapshot format is dropped whole at start, said
/// once, and the file goes on with the current format.
struct FormatVersionTests {
  typealias Item = RestartTests.Item

  let directory: TemporaryDirectory
  let file: URL
  let clock = TestClock()

  init() throws {
    directory = try TemporaryDirectory("format-version")
    file = directory.file("cache.sqlite")
  }

  func item(_ id: Int) -> some QueryRequest<Item, any Error> {
    Query<Item, any Error>(["item", id]) { _ in Item(id: id, title: "fetched") }.enabled(false)
  }

  /// What format 1 wrote: a row per store of `JSONEncoder`'s output, under metadata of format 1.
  func writeFormatOneCache() async throws {
    let rows = SQLiteRowStore(at: file)
    _ = await rows.load()
    var batch = RowBatch()
    let payload = try JSONEncoder().encode(["value": Item(id: 1, title: "from format 1")])
    batch.put(StoredRow(key: #"query:["item",1]"#, value: payload, updatedAt: clock.now()))
    batch.metadata = StoredMetadata(buster: "v1", savedAt: clock.now(), formatVersion: 1)
    await rows.write(batch)
    await rows.close()
  }

  @Test func aFormatOneCacheIsDiscardedAndTheFileKeptInTheCurrentFormat() async throws {
    try await writeFormatOneCache()
    let notices = SanitizerVisibleMutex<[PersistenceNotice]>([])
    let client = OperationClient(clock: clock)
    let persistence = await ClientPersistence.start(
      client, persister: SQLitePersister(at: file, clock: clock),
      options: PersistenceOptions(buster: "v1")
    ) { notice in notices.withLock { $0.append(notice) } }
    #expect(persistence.restoration.discarded == .otherFormat(1))
    #expect(notices.withLock { $0 } == [.discarded(.otherFormat(1))])
    #expect(client.pendingRestoredSnapshots.isEmpty)
    let store = client.store(for: item(1))
    #expect(!store.state.hasValue)
    _ = try await store.fetch()
    await persistence.close()

    let rows = SQLiteRowStore(at: file)
    let contents = await rows.load()
    await rows.close()
    #expect(contents.metadata?.formatVersion == ClientSnapshot.currentFormatVersion)
    #expect(contents.rows.map(\.key) == [#"query:["item",1]"#])

    let next = OperationClient(clock: clock)
    let restoring = await ClientPersistence.start(
      next, persister: SQLitePersister(at: file, clock: clock),
      options: PersistenceOptions(buster: "v1"))
    #expect(restoring.restoration.discarded == nil)
    #expect(next.store(for: item(1)).state.currentValue == Item(id: 1, title: "fetched"))
    await restoring.close()
  }
}

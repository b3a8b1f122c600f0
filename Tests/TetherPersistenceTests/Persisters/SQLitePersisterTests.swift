import Foundation
import Testing
import TetherCore
import TetherPersistence

/// Snapshots through SQLite rows: saved, changed, discarded and restored.
struct SQLitePersisterTests {
  let directory: TemporaryDirectory
  let file: URL
  let date = Date(timeIntervalSince1970: 1_800_000_000)

  init() throws {
    directory = try TemporaryDirectory("sqlite-persister")
    file = directory.file("posts.sqlite")
  }

  private func store(
    _ path: OperationPath, _ text: String, at seconds: Double = 0, kind: OperationKind = .query
  ) -> StoreSnapshot {
    StoreSnapshot(
      kind: kind, path: PersistedPath(path)!, updatedAt: date.addingTimeInterval(seconds),
      payload: Data(text.utf8))
  }

  private func changes(
    _ stores: [StoreSnapshot], removed: [OperationPath] = [], replacesAll: Bool = false,
    buster: String = "v1"
  ) -> SnapshotChanges {
    SnapshotChanges(
      stores: stores, removed: removed.map { StoreKey(kind: .query, path: PersistedPath($0)!) },
      replacesAll: replacesAll,
      buster: buster, savedAt: date)
  }

  private func restored() async -> ClientSnapshot? {
    let persister = SQLitePersister(at: file)
    let snapshot = await persister.restore()
    await persister.close()
    return snapshot
  }

  @Test func nothingSavedRestoresNil() async {
    #expect(await restored() == nil)
  }

  @Test func aSavedSnapshotIsRestoredWithItsMetadata() async throws {
    let persister = SQLitePersister(at: file)
    _ = await persister.restore()
    let feed = store(["posts", "feed"], "pages", at: 5)
    let post = store(["post", 42], "post 42")
    persister.save(changes([feed, post], buster: "build 7"))
    await persister.close()

    let snapshot = try #require(await restored())
    #expect(snapshot.buster == "build 7")
    #expect(snapshot.savedAt == date)
    #expect(snapshot.formatVersion == ClientSnapshot.currentFormatVersion)
    #expect(Set(snapshot.stores) == [feed, post])
  }

  @Test func aQueryAndAMutationOfOnePathAreTwoRows() async throws {
    let persister = SQLitePersister(at: file)
    let query = store(["create"], "query")
    let mutation = store(["create"], "mutation", kind: .mutation)
    let pages = store(["feed"], "pages", kind: .paginatedQuery)
    persister.save(changes([query, mutation, pages]))
    await persister.close()
    let snapshot = try #require(await restored())
    #expect(Set(snapshot.stores) == [query, mutation, pages])
  }

  @Test func laterSavesChangeAndRemoveStores() async throws {
    let persister = SQLitePersister(at: file)
    persister.save(changes([store(["a"], "1"), store(["b"], "1"), store(["c"], "1")]))
    persister.save(changes([store(["a"], "2")], removed: [["b"]]))
    await persister.close()
    let snapshot = try #require(await restored())
    #expect(Set(snapshot.stores) == [store(["a"], "2"), store(["c"], "1")])
  }

  @Test func aFullSaveReplacesEverything() async throws {
    let persister = SQLitePersister(at: file)
    persister.save(changes([store(["a"], "1"), store(["b"], "1")]))
    persister.save(changes([store(["c"], "1")], replacesAll: true, buster: "v2"))
    await persister.close()
    let snapshot = try #require(await restored())
    #expect(snapshot.stores == [store(["c"], "1")])
    #expect(snapshot.buster == "v2")
  }

  @Test func discardingDeletesTheSnapshot() async {
    let persister = SQLitePersister(at: file)
    persister.save(changes([store(["a"], "1")]))
    persister.discard()
    await persister.close()
    #expect(await restored() == nil)
  }

  @Test func aFileReplacedMidSessionAsksForAFullSaveOnce() async throws {
    let writer = SQLitePersister(at: file)
    writer.save(changes((0..<200).map { store(["post", $0], String(repeating: "x", count: 300)) }))
    await writer.close()
    let index = try FileDamage.primaryKeyIndex(of: "entries", in: file)
    try FileDamage.scribble(page: try FileDamage.rootPage(of: index, in: file), of: file)

    let diagnostics = DiagnosticLog()
    let persister = SQLitePersister(at: file, diagnostics: diagnostics.handler)
    #expect(await persister.restore()?.stores.count == 200)
    #expect(!persister.takeFullSaveRequest())
    persister.save(changes([store(["post", 3], "new")]))
    await persister.rows.flush()
    #expect(diagnostics.all.count == 1)
    #expect(persister.takeFullSaveRequest())
    #expect(!persister.takeFullSaveRequest())
    await persister.close()
  }

  @Test func aDocumentPersisterAppliesChangesToItsSnapshot() {
    let first = changes([store(["a"], "1"), store(["b"], "1")]).applied(to: nil)
    let second = changes([store(["a"], "2")], removed: [["b"]], buster: "v2").applied(to: first)
    #expect(second.stores == [store(["a"], "2")])
    #expect(second.buster == "v2")
    let replaced = changes([store(["c"], "3")], replacesAll: true).applied(to: second)
    #expect(replaced.stores == [store(["c"], "3")])
  }
}

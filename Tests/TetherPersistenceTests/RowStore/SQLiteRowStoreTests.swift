import Foundation
import Testing
import TetherPersistence
import TetherSynchronization

/// The row store on a healthy file: what is written is read back at the next start, batches
/// merge, and closing loses nothing.
struct SQLiteRowStoreTests {
  let directory: TemporaryDirectory
  let file: URL

  init() throws {
    directory = try TemporaryDirectory("row-store")
    file = directory.file("cache/posts.sqlite")
  }

  @Test func aNewFileStartsEmptyAndIsCreatedWithItsDirectory() async throws {
    let diagnostics = DiagnosticLog()
    let rows = SQLiteRowStore(at: file, diagnostics: diagnostics.handler)
    #expect(await rows.load() == .empty)
    await rows.close()
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(diagnostics.all.isEmpty)
  }

  @Test func rowsAndMetadataAreReadBackAtTheNextStart() async throws {
    let first = SQLiteRowStore(at: file)
    _ = await first.load()
    let feed = Rows.row(#"["posts","feed"]"#, "feed pages", at: 10)
    let post = StoredRow(key: #"["post",1]"#, value: Data([0, 255, 0]), updatedAt: Rows.date)
    await first.write(Rows.batch(feed, post, metadata: Rows.metadata("build 7", version: 3)))
    await first.close()

    let contents = await SQLiteRowStore(at: file).load()
    #expect(contents.metadata == Rows.metadata("build 7", version: 3))
    #expect(Set(contents.rows) == [feed, post])
  }

  @Test func aLaterChangeOfAKeyReplacesTheEarlierOne() async throws {
    let rows = SQLiteRowStore(at: file)
    await rows.write(Rows.batch(Rows.row("a", "1"), Rows.row("b", "1")))
    rows.enqueue(Rows.batch(Rows.row("a", "2")))
    var removal = RowBatch()
    removal.remove(key: "b")
    rows.enqueue(removal)
    rows.enqueue(Rows.batch(Rows.row("c", "3")))
    await rows.close()
    #expect(Rows.byKey(await SQLiteRowStore(at: file).load()) == ["a": "2", "c": "3"])
  }

  @Test func removingAllRowsKeepsOnlyWhatComesAfter() async throws {
    let rows = SQLiteRowStore(at: file)
    await rows.write(
      Rows.batch(Rows.row("a", "1"), Rows.row("b", "1"), metadata: Rows.metadata("old")))
    var batch = RowBatch()
    batch.put(Rows.row("lost", "x"))
    batch.removeAllRows()
    batch.put(Rows.row("kept", "y"))
    rows.enqueue(batch)
    await rows.close()
    let contents = await SQLiteRowStore(at: file).load()
    #expect(Rows.byKey(contents) == ["kept": "y"])
    #expect(contents.metadata == nil)
  }

  @Test func batchesMergeKeepingTheLatestChangeOfEachKey() {
    var first = RowBatch()
    first.put(Rows.row("a", "1"))
    first.put(Rows.row("b", "1"))
    first.metadata = Rows.metadata("old")
    var second = RowBatch()
    second.remove(key: "a")
    second.put(Rows.row("c", "2"))
    let merged = first.merging(second)
    #expect(merged.changes["a"] == .some(nil))
    #expect(merged.changes["b"] == Rows.row("b", "1"))
    #expect(merged.changes["c"] == Rows.row("c", "2"))
    #expect(merged.metadata == Rows.metadata("old"))

    var clearing = RowBatch()
    clearing.removeAllRows()
    let cleared = merged.merging(clearing)
    #expect(cleared.changes.isEmpty)
    #expect(cleared.removesAllRows)
    #expect(cleared.metadata == nil)
  }

  @Test func closingWritesEverythingEnqueuedBefore() async throws {
    let rows = SQLiteRowStore(at: file)
    for index in 0..<2_000 {
      rows.enqueue(Rows.batch(Rows.row("key \(index % 500)", "value \(index)")))
    }
    await rows.close()
    rows.enqueue(Rows.batch(Rows.row("after close", "ignored")))
    await rows.flush()

    let contents = Rows.byKey(await SQLiteRowStore(at: file).load())
    #expect(contents.count == 500)
    #expect(contents["key 0"] == "value 1500")
    #expect(contents["key 499"] == "value 1999")
    #expect(contents["after close"] == nil)
  }

  @Test func closingCheckpointsTheLogIntoTheFile() async throws {
    let rows = SQLiteRowStore(at: file)
    await rows.write(Rows.batch(Rows.row("a", "1")))
    #expect(FileManager.default.fileExists(atPath: file.path + "-wal"))
    await rows.close()
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: file.path + "-shm"))
  }

  /// The diagnostics handler runs on the worker, inside the write: it waits there on a gate the
  /// test opens only once `enqueue` has returned, so it sees the gate open only if `enqueue` came
  /// back while the write was still going on. Nothing is timed: the wait's limit only turns a
  /// blocking `enqueue` (which would deadlock on the gate) into a failure instead of a hang, and
  /// the test opens the gate on the same thread right after `enqueue`, with no scheduling between.
  @Test func enqueueReturnsWhileTheWorkerIsStillWriting() async throws {
    let enqueueReturned = DispatchSemaphore(value: 0)
    let sawEnqueueReturn = SanitizerVisibleMutex<Bool?>(nil)
    let rows = SQLiteRowStore(
      at: file, configuration: .init(maximumSize: 1)
    ) { _ in
      let opened = enqueueReturned.wait(timeout: .now() + 120) == .success
      sawEnqueueReturn.withLock { seen in
        if seen == nil { seen = opened }
      }
    }
    rows.enqueue(Rows.batch(Rows.row("a", String(repeating: "x", count: 100_000))))
    enqueueReturned.signal()
    await rows.close()
    #expect(sawEnqueueReturn.withLock { $0 } == true)
  }

  @Test func twoStoresOnOneFileSeeEachOthersRows() async throws {
    let first = SQLiteRowStore(at: file)
    let second = SQLiteRowStore(at: file)
    await first.write(Rows.batch(Rows.row("from first", "1")))
    await second.write(Rows.batch(Rows.row("from second", "2")))
    await first.close()
    await second.close()
    #expect(
      Rows.byKey(await SQLiteRowStore(at: file).load()) == ["from first": "1", "from second": "2"]
    )
  }
}

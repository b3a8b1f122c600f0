import Foundation
import TetherPersistence
import TetherSynchronization

/// `tether-bench persist`: the SQLite row store under a persisted cache, against writing and
/// reading the same bytes as one plain file; snapshots of 10,000 stores against encoding and
/// decoding their values; and what a persister adds to each fetch.
enum PersistSuite {
  /// 10,000 rows of about the size of an encoded post (600 bytes).
  static let rowCount = 10_000
  static let rowBytes = 600

  @concurrent
  static func run() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tether-bench-persist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    Harness.heading("persist: the SQLite row store, 10,000 rows of 600 bytes")
    try await rowStore(in: directory)
    Harness.heading("persist: snapshots of 10,000 post stores, dehydrated and hydrated")
    try await snapshots(in: directory)
    Harness.heading("persist: the cost of a persister per state change")
    try await costPerChange(in: directory)
    Harness.heading("persist: posts launched with a cached feed and the server stopped")
    try await launchFromCache(in: directory)
  }

  static func rows(generation: Int) -> [StoredRow] {
    let date = Date(timeIntervalSince1970: 1_800_000_000 + Double(generation))
    return (0..<rowCount).map { index in
      StoredRow(
        key: #"["post",\#(index)]"#,
        value: Data(repeating: UInt8(truncatingIfNeeded: index &+ generation), count: rowBytes),
        updatedAt: date)
    }
  }

  /// The bytes of `rows` end to end, which the baselines write and read as one file.
  static func plainBytes(_ rows: [StoredRow]) -> Data {
    var data = Data(capacity: rows.count * (rowBytes + 32))
    for row in rows {
      data.append(contentsOf: row.key.utf8)
      data.append(row.value)
      withUnsafeBytes(of: row.updatedAt.timeIntervalSince1970) { data.append(contentsOf: $0) }
    }
    return data
  }

  @concurrent
  static func rowStore(in directory: URL) async throws {
    let rows = Self.rows(generation: 1)
    let bytes = plainBytes(rows)
    var batch = RowBatch()
    for row in rows { batch.put(row) }
    let sent = batch
    let counter = Counter()

    // Writing: a fresh file each repetition, and close() so the log is checkpointed in.
    let plainWrite = try await Harness.best(iterations: rowCount) {
      let file = directory.appendingPathComponent("plain-\(counter.next()).bin")
      try bytes.write(to: file)
    }
    let sqliteWrite = await Harness.best(iterations: rowCount) {
      let store = SQLiteRowStore(
        at: directory.appendingPathComponent("rows-\(counter.next()).sqlite"))
      await store.write(sent)
      await store.close()
    }
    Harness.compare(
      "write 10,000 rows in one batch (+ close)", sqliteWrite, baseline: "the same bytes, one file",
      plainWrite)

    // Reading what was written.
    let plainFile = directory.appendingPathComponent("plain-read.bin")
    try bytes.write(to: plainFile)
    let sqliteFile = directory.appendingPathComponent("rows-read.sqlite")
    let writer = SQLiteRowStore(at: sqliteFile)
    await writer.write(sent)
    await writer.close()
    let plainRead = try await Harness.best(iterations: rowCount) {
      let read = try Data(contentsOf: plainFile)
      precondition(read.count == bytes.count)
    }
    let sqliteRead = await Harness.best(iterations: rowCount) {
      let store = SQLiteRowStore(at: sqliteFile)
      let contents = await store.load()
      precondition(contents.rows.count == rowCount)
      await store.close()
    }
    Harness.compare(
      "open + read 10,000 rows", sqliteRead, baseline: "read the same bytes, one file", plainRead)

    // Changing 100 rows of the 10,000: what a throttled write does after a few fetches.
    let store = SQLiteRowStore(at: sqliteFile)
    _ = await store.load()
    let changed = Self.rows(generation: 2)
    let update = await Harness.best(iterations: 100) {
      for _ in 0..<100 {
        let generation = counter.next()
        var batch = RowBatch()
        for index in 0..<100 { batch.put(changed[(generation * 100 + index) % rowCount]) }
        await store.write(batch)
      }
    }
    await store.close()
    let rewrite = try await Harness.best(iterations: 100) {
      for _ in 0..<100 { try bytes.write(to: plainFile) }
    }
    Harness.compare(
      "write a batch of 100 changed rows of 10,000", update,
      baseline: "rewrite the whole plain file", rewrite)
  }

  /// Numbers files and batches apart within one run.
  final class Counter: Sendable {
    private let value = SanitizerVisibleMutex(0)

    func next() -> Int {
      value.withLock {
        $0 += 1
        return $0
      }
    }
  }
}

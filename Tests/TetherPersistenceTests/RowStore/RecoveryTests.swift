import Foundation
import Testing
import TetherPersistence
import TetherTime

/// A bad cache file never crashes the store and never silently loses data: damaged and newer
/// files are moved aside and replaced, locked ones left alone, a full disk keeps changes for
/// later, and each problem is reported once in words.
struct RecoveryTests {
  let directory: TemporaryDirectory
  let file: URL
  let clock = TestClock()
  let diagnostics = DiagnosticLog()
  /// `clock`'s date, as the moved files' names show it.
  let stamp = "20270115T080000Z"

  init() throws {
    directory = try TemporaryDirectory("row-store-recovery")
    file = directory.file("posts.sqlite")
  }

  private func store(_ configuration: SQLiteRowStore.Configuration = .init()) -> SQLiteRowStore {
    SQLiteRowStore(
      at: file, configuration: configuration, clock: clock, diagnostics: diagnostics.handler)
  }

  /// A closed file with `count` rows.
  private func writeFile(rows count: Int) async {
    let rows = SQLiteRowStore(at: file)
    var batch = RowBatch()
    for index in 0..<count {
      batch.put(Rows.row("key \(index)", String(repeating: "v", count: 300)))
    }
    await rows.write(batch)
    await rows.close()
  }

  // MARK: Damaged files

  @Test func aFileThatIsNotADatabaseIsMovedAsideAndReplaced() async throws {
    let garbage = Data(repeating: 0x41, count: 10_000)
    try garbage.writePrivately(to: file)
    try Data("old log".utf8).writePrivately(to: URL(fileURLWithPath: file.path + "-wal"))
    let rows = store()
    #expect(await rows.load() == .empty)

    let moved = directory.file("posts.sqlite.corrupt-\(stamp)")
    #expect(diagnostics.problems == [.corrupt(movedTo: moved)])
    #expect(
      diagnostics.all.first?.message.hasPrefix(
        "cache \(file.path) is damaged: started empty, the old one kept as posts.sqlite.corrupt-\(stamp)"
      ) == true)
    #expect(try Data(contentsOf: moved) == garbage)
    // The old log went with its file (or SQLite dropped it): never replayed into the new one.
    let log = try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))
    #expect(log != Data("old log".utf8))

    await rows.write(Rows.batch(Rows.row("a", "fresh")))
    await rows.close()
    #expect(Rows.byKey(await SQLiteRowStore(at: file).load()) == ["a": "fresh"])
    #expect(diagnostics.all.count == 1)
  }

  @Test func damagedTablePagesAreFoundAtStart() async throws {
    await writeFile(rows: 200)
    try FileDamage.scribble(page: try FileDamage.rootPage(of: "entries", in: file), of: file)
    let rows = store()
    #expect(await rows.load() == .empty)
    #expect(
      diagnostics.problems == [.corrupt(movedTo: directory.file("posts.sqlite.corrupt-\(stamp)"))])
    await rows.write(Rows.batch(Rows.row("a", "1")))
    await rows.close()
    #expect(Rows.byKey(await SQLiteRowStore(at: file).load()) == ["a": "1"])
  }

  @Test func aDamagedIndexFoundByAWriteMovesTheFileAsideAndKeepsTheWrite() async throws {
    await writeFile(rows: 200)
    let index = try FileDamage.primaryKeyIndex(of: "entries", in: file)
    try FileDamage.scribble(page: try FileDamage.rootPage(of: index, in: file), of: file)
    let rows = store()
    #expect(await rows.load().rows.count == 200)  // the table itself is intact
    #expect(diagnostics.all.isEmpty)

    await rows.write(Rows.batch(Rows.row("key 3", "new")))
    #expect(
      diagnostics.problems == [.corrupt(movedTo: directory.file("posts.sqlite.corrupt-\(stamp)"))])
    await rows.close()
    #expect(Rows.byKey(await SQLiteRowStore(at: file).load()) == ["key 3": "new"])
  }

  @Test func twoDamagedFilesInOneSecondGetTwoNames() async throws {
    // Each store is closed before the file is damaged again: an open one may still be making
    // its empty file, and its log, when the next damage is written.
    try Data(repeating: 1, count: 5000).writePrivately(to: file)
    let first = store()
    _ = await first.load()
    await first.close()
    try Data(repeating: 2, count: 5000).writePrivately(to: file)
    let second = store()
    _ = await second.load()
    await second.close()
    #expect(
      try directory.contents().filter { $0.contains("corrupt") } == [
        "posts.sqlite.corrupt-\(stamp)", "posts.sqlite.corrupt-\(stamp)-2",
      ])
  }

  @Test func aFileFromANewerBuildIsMovedAsideUntouched() async throws {
    let newer = try SQLiteConnection(at: file.path)
    try newer.execute("CREATE TABLE future (x); PRAGMA user_version = 99")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    let rows = store()
    #expect(await rows.load() == .empty)
    let moved = directory.file("posts.sqlite.newer-\(stamp)")
    #expect(diagnostics.problems == [.newerSchema(movedTo: moved)])
    #expect(try SQLiteConnection(at: moved.path, mode: .readOnly).userVersion() == 99)
    await rows.write(Rows.batch(Rows.row("a", "1")))
    await rows.close()
    #expect(Rows.byKey(await SQLiteRowStore(at: file).load()) == ["a": "1"])
  }

  // MARK: Locks

  @Test func aFileLockedByAnotherProcessIsLeftAlone() async throws {
    await writeFile(rows: 3)
    let locker = try SQLiteConnection(at: file.path)
    try locker.execute(
      "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; DELETE FROM entries WHERE key = 'key 0'; COMMIT"
    )
    let rows = store(.init(busyTimeout: .zero))
    #expect(await rows.load() == .empty)
    #expect(diagnostics.problems == [.locked])
    #expect(diagnostics.all[0].message.contains("locked by another process"))
    await rows.write(Rows.batch(Rows.row("key 9", "not written")))
    await rows.close()
    #expect(diagnostics.problems == [.locked])

    _ = consume locker
    #expect(Set(Rows.byKey(await SQLiteRowStore(at: file).load()).keys) == ["key 1", "key 2"])
  }

  @Test func aWriteThatMeetsABusyLockIsRetriedWithTheNextOne() async throws {
    let rows = store(.init(busyTimeout: .zero))
    await rows.write(Rows.batch(Rows.row("a", "1")))
    let writer = try SQLiteConnection(at: file.path)
    try writer.execute("BEGIN IMMEDIATE; INSERT INTO entries VALUES ('other', x'00', 0)")

    await rows.write(Rows.batch(Rows.row("b", "2")))
    await rows.write(Rows.batch(Rows.row("c", "3")))
    #expect(diagnostics.problems == [.writeFailed])

    try writer.execute("COMMIT")
    await rows.flush()
    await rows.close()
    #expect(
      Rows.byKey(await SQLiteRowStore(at: file).load()) == [
        "a": "1", "b": "2", "c": "3", "other": "\u{0}",
      ])
    #expect(diagnostics.problems == [.writeFailed])
  }

  // MARK: Full disks

  @Test func aFullDiskKeepsChangesUntilAWriteFits() async throws {
    let rows = store(.init(maximumSize: 64 * 1024))
    _ = await rows.load()
    await rows.write(Rows.batch(Rows.row("small", "1")))
    await rows.write(Rows.batch(Rows.row("big", String(repeating: "x", count: 200_000))))
    await rows.write(Rows.batch(Rows.row("other", "2")))
    #expect(diagnostics.problems == [.full])
    #expect(diagnostics.all[0].message.contains("disk full, changes kept in memory"))

    // The big row shrinks: the changes held back fit now.
    await rows.write(Rows.batch(Rows.row("big", "3")))
    await rows.close()
    #expect(
      Rows.byKey(await SQLiteRowStore(at: file).load()) == ["small": "1", "big": "3", "other": "2"])
    #expect(diagnostics.problems == [.full])
  }

  @Test func aDiskTooFullToCreateTheFileStartsEmptyAndSaysSoOnce() async throws {
    let rows = store(.init(maximumSize: 1))
    #expect(await rows.load() == .empty)
    for index in 0..<3 { await rows.write(Rows.batch(Rows.row("k\(index)", "v"))) }
    await rows.close()
    #expect(diagnostics.problems == [.full])
  }

  // MARK: Unwritable places

  @Test func aDirectoryThatCannotBeCreatedStartsEmptyAndSaysWhy() async throws {
    let rows = SQLiteRowStore(
      at: URL(fileURLWithPath: "/proc/tether-cache/posts.sqlite"),
      diagnostics: diagnostics.handler)
    #expect(await rows.load() == .empty)
    await rows.write(Rows.batch(Rows.row("a", "1")))
    await rows.close()
    #expect(diagnostics.problems == [.readOnly])
    #expect(diagnostics.all[0].message.contains("cannot create the folder /proc/tether-cache"))
  }
}

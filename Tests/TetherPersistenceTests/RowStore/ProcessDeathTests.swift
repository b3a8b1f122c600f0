import EndToEndSupport
import Foundation
import Testing
import TetherPersistence

/// What only another process can show: a writer killed with SIGKILL in the middle of its
/// writes, and a user who may not write the cache's directory.
@Suite(.onOwnThread, .timeLimit(.minutes(1)))
struct ProcessDeathTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory("row-store-processes")
  }

  /// Each generation is one transaction of 400 rows of 2 KB, and the probe starts the next one
  /// as soon as it reports the last, so the kill lands in a write. After each kill the file is
  /// intact and holds one whole generation, never older than the last reported committed: a
  /// batch is there whole or not at all.
  @Test func aWriterKilledInTheMiddleOfAWriteLosesOnlyThatWrite() async throws {
    let file = directory.file("killed.sqlite")
    for killAfter in [2, 5, 9] {
      let (committed, lines) = try await offThePool {
        let probe = try ProbeProcess(["write", file.path, "400", "2048"])
        var committed = 0
        var lines: [String] = []
        while committed < killAfter, let line = probe.nextLine() {
          lines.append(line)
          if line.hasPrefix("committed ") { committed = Int(line.dropFirst(10)) ?? 0 }
        }
        probe.killHard()
        return (committed, lines)
      }
      #expect(committed == killAfter)
      #expect(lines.allSatisfy { !$0.hasPrefix("diagnostic") })

      let check = try SQLiteConnection(at: file.path)
      #expect(try check.prepare("PRAGMA integrity_check").single(String.self) == "ok")
      let rows = SQLiteRowStore(at: file)
      let contents = await rows.load()
      await rows.close()
      let generation = try #require(contents.metadata?.formatVersion)
      // Nothing reported committed is lost. (The probe keeps writing between the report the
      // test reads and the kill, more than one generation when the machine is loaded, so the
      // file may hold a later one — but always one whole generation, checked below.)
      #expect(generation >= committed)
      #expect(contents.rows.count == 400)
      #expect(
        contents.rows.allSatisfy { row in
          row.updatedAt == Date(timeIntervalSince1970: Double(generation))
            && row.value.count == 2048 && row.value.allSatisfy { $0 == UInt8(generation % 256) }
        })
    }
  }

  @Test func aReadOnlyDirectoryShowsTheCacheAndSavesNothing() async throws {
    let cache = directory.file("read-only")
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    let file = cache.appendingPathComponent("posts.sqlite")
    let writer = SQLiteRowStore(at: file)
    await writer.write(Rows.batch(Rows.row("kept", "1"), Rows.row("also kept", "2")))
    await writer.close()
    let log = try? FileManager.default.attributesOfItem(atPath: file.path + "-wal")[.size] as? Int
    #expect((log ?? 0) == 0, "closing leaves nothing in the write-ahead log")
    // The probe reads as nobody: the cache must be nobody's, as a user's own cache is theirs
    // (a cache is readable by its owner alone).
    if getuid() == 0 {
      for path in [cache.path, file.path] { chown(path, 65_534, 65_534) }
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cache.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.path)
    }

    let lines = try await offThePool { try ProbeProcess(["read", file.path]).remainingLines() }
    #expect(lines.filter { $0.hasPrefix("rows ") } == ["rows 2"])
    #expect(lines.last == "closed")
    let diagnostics = lines.filter { $0.hasPrefix("diagnostic ") }
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("cannot be written: not saving this session") == true)
    if getuid() == 0 {
      for path in [cache.path, file.path] { chown(path, 0, 0) }
    }
    let reader = SQLiteRowStore(at: file)
    #expect(Set(Rows.byKey(await reader.load()).keys) == ["kept", "also kept"])
    await reader.close()
  }

  @Test func aReadOnlyDirectoryWithoutACacheStartsEmpty() async throws {
    let cache = directory.file("empty-read-only")
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cache.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.path)
    }
    let file = cache.appendingPathComponent("posts.sqlite")
    let lines = try await offThePool { try ProbeProcess(["read", file.path]).remainingLines() }
    #expect(lines.filter { $0.hasPrefix("rows ") } == ["rows 0"])
    #expect(lines.filter { $0.hasPrefix("diagnostic ") }.count == 1)
    #expect(lines.last == "closed")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
  }
}

/// Runs `body`, which blocks on a child process, on a thread of its own rather than on one of
/// the few threads of Swift's concurrency pool.
func offThePool<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}

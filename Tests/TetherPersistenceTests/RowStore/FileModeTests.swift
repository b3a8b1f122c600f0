import Foundation
import Glibc
import Testing
import TetherPersistence

/// A cache is this user's alone: its folder 0700, the file and its journals 0600 whatever the
/// umask lets through, an older looser one tightened (and said once), and a link planted in its
/// place never followed.
@Suite(.onOwnThread, .timeLimit(.minutes(1)))
struct FileModeTests {
  let directory: TemporaryDirectory
  let diagnostics = DiagnosticLog()

  init() throws {
    umask(0o022)
    directory = try TemporaryDirectory("row-store-modes")
  }

  private func mode(_ url: URL) -> UInt32? {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  @Test func aNewCacheAndItsJournalsAreThisUsersAlone() async throws {
    let file = directory.file("home/.cache/tether/posts.sqlite")
    let rows = SQLiteRowStore(at: file, diagnostics: diagnostics.handler)
    await rows.write(Rows.batch(Rows.row("a", "1")))
    for folder in ["home", "home/.cache", "home/.cache/tether"] {
      #expect(mode(directory.file(folder)) == 0o700, "\(folder)")
    }
    #expect(mode(file) == 0o600)
    // The write-ahead log and its index exist while the store is open.
    #expect(mode(URL(fileURLWithPath: file.path + "-wal")) == 0o600)
    #expect(mode(URL(fileURLWithPath: file.path + "-shm")) == 0o600)
    await rows.close()
    #expect(diagnostics.all.isEmpty)
  }

  @Test func anOlderLooserCacheIsTightenedAndSaidOnce() async throws {
    let file = directory.file("posts.sqlite")
    let writer = SQLiteRowStore(at: file)
    await writer.write(Rows.batch(Rows.row("kept", "1")))
    await writer.close()
    chmod(file.path, 0o644)

    let rows = SQLiteRowStore(at: file, diagnostics: diagnostics.handler)
    #expect(Rows.byKey(await rows.load()) == ["kept": "1"])
    await rows.write(Rows.batch(Rows.row("more", "2")))
    await rows.close()
    #expect(mode(file) == 0o600)
    #expect(diagnostics.all.count == 1)
    #expect(
      diagnostics.all.first?.message
        == "cache \(file.path) was open to other users (0644); it is now 0600")
    #expect(
      diagnostics.all.first?.summary
        == "cache posts.sqlite was open to other users (0644); it is now 0600")
  }

  @Test func aLinkPlantedInTheCachesPlaceIsNotFollowed() async throws {
    let victim = directory.file("victim")
    try Data("precious".utf8).write(to: victim)
    chmod(victim.path, 0o644)
    let file = directory.file("posts.sqlite")
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)

    let rows = SQLiteRowStore(at: file, diagnostics: diagnostics.handler)
    #expect(await rows.load() == .empty)
    await rows.write(Rows.batch(Rows.row("a", "1")))
    await rows.close()
    #expect(try Data(contentsOf: victim) == Data("precious".utf8))
    #expect(mode(victim) == 0o644)
    #expect(diagnostics.problems == [.unusable])
    #expect(diagnostics.all.first?.message.contains("it is a symbolic link") == true)
  }

  @Test(.enabled(if: getuid() == 0, "needs root to read as another user"))
  func anotherUserCannotReadTheCache() async throws {
    let file = directory.file("cache/posts.sqlite")
    let writer = SQLiteRowStore(at: file)
    await writer.write(Rows.batch(Rows.row("secret", "1")))
    await writer.close()
    let lines = try await offThePool { try ProbeProcess(["read", file.path]).remainingLines() }
    #expect(lines.filter { $0.hasPrefix("rows ") } == ["rows 0"], "\(lines)")
    #expect(lines.contains { $0.hasPrefix("diagnostic ") })
    let reader = SQLiteRowStore(at: file)
    #expect(Set(Rows.byKey(await reader.load()).keys) == ["secret"], "nothing lost for its owner")
    await reader.close()
  }
}

import Foundation
import Testing

@testable import TetherTerminal

@Suite struct TerminalLogTests {
  @Test func appendsTimestampedLines() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("terminal-log-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let log = try TerminalLog(path: path)
      log.write("first")
      log.write("second")
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].hasSuffix(" first"))
    #expect(lines[1].hasSuffix(" second"))
  }

  @Test func anUnwritablePathIsAClearError() {
    #expect(throws: TerminalError.self) { try TerminalLog(path: "/nonexistent/dir/x.log") }
  }
}

/// The log is its user's alone: 0600 with umask 022, a planted link not followed, an older
/// looser file tightened and said once.
@Suite struct TerminalLogModeTests {
  let directory: URL

  init() throws {
    umask(0o022)
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("terminal-log-modes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  private func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func aNewLogIsReadableByItsUserAlone() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("posts.log").path
    let log = try TerminalLog(path: path)
    log.write("hello")
    #expect(log.notice == nil)
    #expect(try mode(path) == 0o600)
  }

  @Test func anOlderLooserLogIsTightenedAndSaysSo() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("posts.log").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let log = try TerminalLog(path: path)
    #expect(log.notice == "\(path) was open to other users (0644); it is now 0600")
    #expect(try mode(path) == 0o600)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("old\n") && text.hasSuffix("it is now 0600\n"))
    #expect(try TerminalLog(path: path).notice == nil)
  }

  @Test func aLinkPlantedInTheLogsPlaceIsNotFollowed() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let victim = directory.appendingPathComponent("victim")
    try Data("precious".utf8).write(to: victim)
    let path = directory.appendingPathComponent("posts.log").path
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim.path)
    #expect(throws: TerminalError.file("cannot open \(path): it is a symbolic link")) {
      try TerminalLog(path: path)
    }
    #expect(try Data(contentsOf: victim) == Data("precious".utf8))
  }
}

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

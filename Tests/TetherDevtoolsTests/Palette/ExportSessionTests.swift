import Foundation
import Synchronization
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct ExportSessionTests {
  /// Writes each session's stores' paths and values, one a line, and keeps the last session.
  final class LinesExporter: SessionExporter {
    let last = Mutex<DevtoolsSession?>(nil)
    var fileExtension: String { "txt" }

    func file(of session: DevtoolsSession) -> [UInt8] {
      last.withLock { $0 = session }
      let lines = session.stores.map {
        "\($0.store.path) \($0.history.last?.json ?? "") \($0.history.count)"
      }
      return Array(lines.joined(separator: "\n").utf8)
    }
  }

  @Test func thePaletteExportsTheSessionToAPrivateFile() async throws {
    let exporter = LinesExporter()
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30), exporter: exporter)
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "devtools-export-\(UUID().uuidString)")
    harness.app.inspector.exportFolder = ExportFolder(path: directory.path)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await harness.query(["post", 1], value: "one").fetch()
    try harness.faults.apply(FaultPlan(failureRate: 0.5))
    await harness.waitFor("post")
    harness.press(":")
    harness.type("export")
    harness.press(.enter)
    await harness.waitFor("Exported 1 store")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files.count == 1 && files[0].hasPrefix("session-") && files[0].hasSuffix(".txt"))
    let path = directory.appendingPathComponent(files[0]).path
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == #"["post", 1] "one" 1"#, "\(text)")
    let session = try #require(exporter.last.withLock { $0 })
    #expect(session.faults.failureRate == 0.5)
    #expect(session.faultSide == .client)
  }

  @Test func withoutAnExporterThePaletteSaysHowToGiveOne() throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    harness.press(":")
    harness.type("export session")
    harness.press(.enter)
    #expect(harness.screen.find("No session exporter") != nil, "\(harness.text)")
  }
}

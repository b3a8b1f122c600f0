import Foundation
import Testing
import TetherCore
import TetherJSON

/// Runs the Swift blocks of TetherInspector.docc (mirrored in the *Example files).
@Suite struct InspectorArticleTests {
  @Test func startingAnInspectorMakesASocketThatStopRemoves() throws {
    let inspector = try startInspecting(OperationClient())
    #expect(FileManager.default.fileExists(atPath: inspector.socketPath))
    inspector.stop()
    #expect(!FileManager.default.fileExists(atPath: inspector.socketPath))
    let (_, _, second) = try makeInspectableClient(baseURL: URL(string: "http://127.0.0.1:1")!)
    #expect(second.name == "feed-sync")
    second.stop()
  }

  @Test func aCommandIsOneLine() throws {
    let line = refetchCommandLine()
    #expect(line.last == UInt8(ascii: "\n"))
    let json = try JSONValue(parsing: line.dropLast())
    #expect(json["command"] == "refetch")
    #expect(json["path"] == ["posts", "first-page"])
  }
}

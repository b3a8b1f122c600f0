import Foundation
import Testing
import TetherCore
import TetherHTTP
import TetherInspector
import TetherInspectorHTTP
import TetherJSON

// The Swift blocks of TetherInspector.docc, as written there.

// TetherInspector.md
func startInspecting(_ client: OperationClient) throws -> Inspector {
  try Inspector.start(client: client, name: "posts-watch")
}

// AttachingToAProcess.md
func makeInspectableClient(baseURL: URL) throws -> (OperationClient, APIClient, Inspector) {
  let client = OperationClient()
  let network = InspectorNetwork()
  let api = APIClient(baseURL: baseURL, observers: [InspectorNetworkObserver(network)])
  let inspector = try Inspector.start(client: client, name: "feed-sync", network: network)
  return (client, api, inspector)
}

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
    // InspectorProtocolLines.md
    let refetch = InspectorRequest(id: 1, command: .refetch, path: ["posts", "first-page"])
    let line = InspectorProtocol.line(refetch.json)  // {"type":"command","id":1,…}\n
    #expect(line.last == UInt8(ascii: "\n"))
    let json = try JSONValue(parsing: line.dropLast())
    #expect(json["command"] == "refetch")
    #expect(json["path"] == ["posts", "first-page"])
  }
}

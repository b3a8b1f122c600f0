import EndToEndSupport
import Foundation
import Synchronization
import Testing
import TetherAttach
import TetherCore
import TetherDevtools
import TetherInspector
import TetherJSON
import TetherSystem

/// `e` attached: a remote store's value is set in the inspected process, decoded there as the
/// store's type; a value that does not decode is refused in words and changes nothing.
@Suite(.onOwnThread) struct RemoteEditingTests {
  struct Post: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  @Test func aValueIsSetInTheProcessOrRefusedInWords() async throws {
    let scratch = try SocketScratch()
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    let client = OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
    let store = client.store(
      for: Query<Post, any Error>(["post", 1]) { _ in Post(id: 1, title: "First") })
    try await store.fetch()
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    let inspector = try Inspector.start(client: client, name: "tests", options: options)
    defer { inspector.stop() }
    let notices = Mutex<[String]>([])
    let connection = try InspectorConnection(
      path: inspector.socketPath, notices: { text, _ in notices.withLock { $0.append(text) } })
    connection.start()
    defer { connection.close() }
    let source = connection.source
    #expect(await eventually { source.inspectableStores().count == 1 })
    let remote = try #require(source.inspectableStores().first)

    try remote.setCurrentValue(json: ["id": 1, "title": "Edited"])
    #expect(await eventually { store.state.currentValue?.title == "Edited" })
    #expect(
      await eventually { "\(remote.snapshot.currentValue)".contains("Edited") },
      "the change comes back like any other")

    // A title that is not a string does not decode as a Post: said in words, nothing changes.
    try remote.setCurrentValue(json: ["id": 1, "title": 7])
    #expect(await eventually { !notices.withLock { $0 }.isEmpty })
    let notice = try #require(notices.withLock { $0 }.first)
    #expect(notice.contains("title"), "\(notice)")
    #expect(store.state.currentValue == Post(id: 1, title: "Edited"))

    // A value larger than a command carries is refused here, before it is sent.
    let large = JSONValue.string(String(repeating: "x", count: 70_000))
    #expect(throws: InspectionError.self) {
      try remote.setCurrentValue(json: ["id": 1, "title": large])
    }
  }
}

import EndToEndSupport
import Foundation
import Testing
import TetherAttach
import TetherCore
import TetherInspector

/// A snapshot of many stores comes in parts: the inspector sends them one after the other, and
/// a viewer shows the snapshot once its last part came — never half of it.
@Suite(.onOwnThread) struct SnapshotPartsTests {
  func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  @Test func theStoresOfASnapshotComeInPartsOfAtMostTheirSize() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let count = InspectorProtocol.snapshotPartSize * 2 + 10
    for index in 0..<count {
      _ = client.store(for: Query<Int, any Error>(["item", index]) { _ in index })
    }
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    let inspector = try Inspector.start(client: client, name: "tests", options: options)
    defer { inspector.stop() }
    let viewer = try TestViewer(inspector.socketPath)
    let snapshot = try #require(viewer.message(ofType: "snapshot"))
    #expect(snapshot["parts"] == 3)
    #expect(snapshot["stores"] == [])
    var sizes: [Int] = []
    for _ in 0..<3 {
      let part = try #require(viewer.message())
      #expect(part["type"] == "snapshotStores")
      sizes.append(part["stores"]?.elements.count ?? 0)
    }
    #expect(sizes == [250, 250, 10])
  }

  @Test func aRemoteSourceShowsASnapshotOnceItsLastPartCame() throws {
    let source = RemoteSource(commands: nil)
    func apply(_ text: String) throws {
      source.apply(try InspectorMessage(line: Array(text.utf8)) { _ in nil })
    }
    func store(_ id: Int) -> String {
      #"{"id":\#(id),"path":["s",\#(id)],"kind":"query","status":"success","#
        + #""fetchStatus":"idle","date":1000}"#
    }
    try apply(#"{"type":"snapshot","now":0,"resyncs":0,"stores":[],"parts":2,"network":[]}"#)
    try apply(#"{"type":"snapshotStores","stores":[\#(store(1)),\#(store(2))]}"#)
    #expect(source.inspectableStores().isEmpty, "half a snapshot is not shown")
    try apply(#"{"type":"snapshotStores","stores":[\#(store(3))]}"#)
    #expect(source.inspectableStores().map(\.path) == [["s", 1], ["s", 2], ["s", 3]])
    // A part with no snapshot before it is ignored; a snapshot of one line replaces the rest.
    try apply(#"{"type":"snapshotStores","stores":[\#(store(4))]}"#)
    #expect(source.inspectableStores().count == 3)
    try apply(#"{"type":"snapshot","now":0,"resyncs":1,"stores":[\#(store(2))],"network":[]}"#)
    #expect(source.inspectableStores().map(\.path) == [["s", 2]])
    #expect(source.resyncs == 1)
  }
}

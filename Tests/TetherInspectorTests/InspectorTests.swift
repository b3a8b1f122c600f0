import EndToEndSupport
import Foundation
import Glibc
import Synchronization
import Testing
import TetherCore
import TetherInspector
import TetherJSON
import TetherSystem

struct Post: Codable, Sendable, Equatable {
  var id: Int
  var title: String
  var token: String
}

@Suite(.onOwnThread) struct InspectorTests {
  func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  func options(_ scratch: SocketScratch) -> InspectorOptions {
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    return options
  }

  @Test func aViewerGetsAHelloAndASnapshotOfEveryStoreWithSecretsRedacted() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let post = client.store(
      for: Query<Post, any Error>(["post", 1]) { _ in Post(id: 1, title: "Hi", token: "s3cret") })
    try await post.fetch()
    _ = client.store(for: Mutation<Int, Int, any Error>(["double"]) { n, _ in n * 2 })
    let inspector = try Inspector.start(client: client, name: "tests", options: options(scratch))
    #expect(inspector.socketPath == scratch.path + "/tether/\(getpid()).sock")
    #expect(SocketScratch.mode(scratch.path + "/tether") == 0o700)
    #expect(SocketScratch.mode(inspector.socketPath) == 0o600)

    let viewer = try TestViewer(inspector.socketPath)
    let hello = try #require(viewer.message())
    #expect(hello["type"] == "hello")
    #expect(hello["protocol"] == 1)
    #expect(hello["name"] == "tests")
    #expect(hello["pid"]?.integer == Int(getpid()))
    #expect(hello["stores"] == 2)
    let snapshot = try #require(viewer.message())
    #expect(snapshot["type"] == "snapshot")
    #expect(snapshot["parts"] == 1, "its stores follow in one part")
    let part = try #require(viewer.message())
    #expect(part["type"] == "snapshotStores")
    let stores = part["stores"]?.elements ?? []
    #expect(stores.map { $0["path"] } == [["post", 1], ["double"]])
    let query = stores[0]
    #expect(query["kind"] == "query")
    #expect(query["status"] == "success")
    #expect(query["fetchStatus"] == "idle")
    #expect(query["value"] == ["json": ["id": 1, "title": "Hi", "token": "<redacted>"]])
    let log = query["log"]?.elements ?? []
    #expect(log.map { $0["event"]?["type"] } == ["runStarted", "succeeded"])
    #expect(stores[1]["kind"] == "mutation")
    inspector.stop()
    #expect(SocketScratch.mode(inspector.socketPath) == nil, "the socket is removed")
    #expect(viewer.message() == nil, "the viewer's connection is closed")
  }

  @Test func changesArriveAsBatchesOfStoresLogEntriesAndRemovals() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let inspector = try Inspector.start(client: client, name: "tests", options: options(scratch))
    defer { inspector.stop() }
    let viewer = try TestViewer(inspector.socketPath)
    _ = viewer.message(ofType: "snapshot")
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 7 })
    try await store.fetch()
    let changed = try #require(
      viewer.message {
        $0["type"] == "stores" && $0["changed"]?.elements.first?["status"] == "success"
      })
    let id = try #require(changed["changed"]?.elements.first?["id"]?.integer)
    #expect(changed["changed"]?.elements.first?["value"] == ["json": 7])
    let log = try #require(
      viewer.message {
        $0["type"] == "log"
          && $0["entries"]?.elements.contains { $0["event"]?["type"] == "succeeded" } == true
      })
    #expect(log["entries"]?.elements.allSatisfy { $0["store"]?.integer == id } == true)
    client.remove(at: ["n"])
    let removed = try #require(
      viewer.message { $0["type"] == "stores" && !($0["removed"]?.elements.isEmpty ?? true) })
    #expect(removed["removed"] == [.number(JSONNumber(id))])
  }

  /// The last line of an orderly stop, to a viewer whose hello asked for it: whether the
  /// process is exiting. A viewer that did not ask (an older one) never sees it.
  @Test(arguments: [true, false])
  func aViewerThatAsksIsToldGoodbyeAndWhetherTheProcessIsExiting(exiting: Bool) throws {
    let scratch = try SocketScratch()
    let inspector = try Inspector.start(client: client(), name: "tests", options: options(scratch))
    let asking = try TestViewer(inspector.socketPath)
    let older = try TestViewer(inspector.socketPath)
    asking.send(#"{"type":"hello","protocol":1,"goodbye":true}"# + "\n")
    older.send(#"{"type":"hello","protocol":1}"# + "\n")
    // Answered in order: once a later line is answered, the hello was read.
    for viewer in [asking, older] {
      viewer.send(#"{"type":"command","id":1,"command":"explode","path":["n"]}"# + "\n")
      #expect(viewer.message(ofType: "result")?["ok"] == false)
    }
    inspector.stop(exiting: exiting)
    #expect(asking.message() == ["type": "goodbye", "exiting": .bool(exiting)])
    #expect(asking.message() == nil, "then the connection ends")
    #expect(older.message() == nil, "no goodbye: the connection just ends")
  }

  @Test func commandsAreCarriedOutAndAnswered() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let runs = Counter()
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in runs.increment() })
    try await store.fetch()
    let inspector = try Inspector.start(client: client, name: "tests", options: options(scratch))
    defer { inspector.stop() }
    let viewer = try TestViewer(inspector.socketPath)
    viewer.send(#"{"type":"hello","protocol":1}"# + "\n")
    _ = viewer.message(ofType: "snapshot")
    viewer.send(#"{"type":"command","id":1,"command":"refetch","path":["n"]}"# + "\n")
    let refetched = try #require(viewer.message(ofType: "result"))
    #expect(refetched == ["type": "result", "id": 1, "ok": true, "message": "refetched n"])
    #expect(runs.value == 2)
    viewer.send(#"{"type":"command","id":2,"command":"triggerLoading","path":["n"]}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true)
    #expect(store.snapshot.isLoading)
    viewer.send(#"{"type":"command","id":3,"command":"restore","path":["n"]}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true)
    #expect(!store.snapshot.isLoading && store.state.currentValue == 2)
    viewer.send(#"{"type":"command","id":4,"command":"explode","path":["n"]}"# + "\n")
    let unknown = try #require(viewer.message(ofType: "result"))
    #expect(unknown["ok"] == false)
    #expect(unknown["message"]?.stringValue?.hasPrefix(#"unknown command "explode""#) == true)
    viewer.send(#"{"type":"command","id":5,"command":"reset","path":["missing"]}"# + "\n")
    #expect(viewer.message(ofType: "result")?["message"] == "no query at missing")
    viewer.send(#"{"type":"command","id":6,"command":"remove","path":["n"]}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true)
    #expect(client.store(at: ["n"]) == nil)
    viewer.send(#"{"type":"gossip"}"# + "\n")
    #expect(viewer.message(ofType: "error")?["message"] == #"unknown message type "gossip""#)
  }

  @Test(arguments: [
    ("not json at all\n", "not a protocol line"),
    (#"{"type":"hello","protocol":99}"# + "\n", "protocol version 99 is not spoken here"),
    (String(repeating: "x", count: 100_000), "line longer than 65536 bytes"),
    ("\u{1b}[2J\u{0}\u{ff}garbage\n", "not a protocol line"),
  ])
  func badInputGetsAnErrorAndAClosedConnectionAndTheProcessGoesOn(input: String, error: String)
    async throws
  {
    let scratch = try SocketScratch()
    let client = client()
    let inspector = try Inspector.start(client: client, name: "tests", options: options(scratch))
    defer { inspector.stop() }
    let viewer = try TestViewer(inspector.socketPath)
    _ = viewer.message(ofType: "snapshot")
    viewer.send(input)
    let reply = try #require(viewer.message(ofType: "error"))
    #expect(reply["message"]?.stringValue?.hasPrefix(error) == true, "\(reply)")
    #expect(viewer.message() == nil, "closed")
    let next = try TestViewer(inspector.socketPath)
    #expect(next.message()?["type"] == "hello", "the inspector still serves")
  }

  @Test func aSecondInspectorInTheSameFolderIsRefusedInWords() throws {
    let scratch = try SocketScratch()
    let first = try Inspector.start(client: client(), name: "one", options: options(scratch))
    #expect(
      throws: SystemError(
        "listen at", first.socketPath,
        reason: "this process has an inspector there already: stop it first")
    ) {
      try Inspector.start(client: client(), name: "two", options: options(scratch))
    }
    first.stop()
    let second = try Inspector.start(client: client(), name: "two", options: options(scratch))
    second.stop()
  }

  @Test func viewersThatComeAndGoCostNothingAndTooManyAreRefused() async throws {
    let scratch = try SocketScratch()
    let client = client()
    var options = options(scratch)
    options.maximumViewers = 8
    let inspector = try Inspector.start(client: client, name: "tests", options: options)
    defer { inspector.stop() }
    for _ in 0..<100 {
      let viewer = try TestViewer(inspector.socketPath)
      _ = viewer  // connects and vanishes at once, often before its hello is sent
    }
    // Connections are accepted in the order they came: once a later viewer is answered with a
    // snapshot, every one of the hundred was accepted; then their ends are read and none of
    // them is counted any more. (Until then, one still waiting to be accepted could take a
    // place from the eight below.)
    var probe = try TestViewer(inspector.socketPath)
    while probe.message(ofType: "snapshot") == nil {
      probe = try TestViewer(inspector.socketPath)
    }
    #expect(await eventually { inspector.viewerCount == 1 })
    _ = consume probe
    #expect(await eventually { inspector.viewerCount == 0 })
    var viewers: [TestViewer] = []
    for _ in 0..<8 {
      let viewer = try TestViewer(inspector.socketPath)
      #expect(viewer.message(ofType: "snapshot") != nil)
      viewers.append(viewer)
    }
    let ninth = try TestViewer(inspector.socketPath)
    #expect(ninth.message()?["message"] == "too many viewers: 8 are attached already")
    #expect(ninth.message() == nil)
    #expect(inspector.viewerCount == 8)
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    try await store.fetch()
    for viewer in viewers {
      #expect(viewer.message { $0["type"] == "stores" } != nil, "every viewer gets the change")
    }
  }

  @Test func aStalledViewerCostsABoundedBufferAndGetsASnapshotOnceItReads() async throws {
    let scratch = try SocketScratch()
    let client = client()
    var options = options(scratch)
    options.bufferLimit = 32 << 10
    let inspector = try Inspector.start(client: client, name: "tests", options: options)
    defer { inspector.stop() }
    let stalled = try TestViewer(inspector.socketPath)
    // Enough changes to fill the socket's own buffers and then the inspector's.
    let text = String(repeating: "x", count: 4000)
    for index in 0..<600 {
      let store = client.store(for: Query<String, any Error>(["item", index]) { _ in text })
      try await store.fetch()
    }
    // It falls behind while the loop above runs: its changes are dropped, and it is sent a
    // snapshot again once its socket takes bytes again. From there it follows every change.
    var sawResync = false
    var sawLast = false
    let last: JSONValue = ["item", 599]
    while !sawLast, let message = stalled.message() {
      if message["type"] == "snapshot", message["resyncs"]?.integer ?? 0 >= 1 { sawResync = true }
      let stores = (message["stores"] ?? message["changed"])?.elements ?? []
      if sawResync, stores.contains(where: { $0["path"] == last }) { sawLast = true }
    }
    #expect(sawLast)
    #expect(sawResync)
  }

  @Test(
    .enabled(
      if: geteuid() == 0 && access("/usr/bin/python3", X_OK) == 0,
      "needs root and /usr/bin/python3 to connect as another user"))
  func anotherUserIsClosedUnanswered() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let inspector = try Inspector.start(client: client, name: "tests", options: options(scratch))
    defer { inspector.stop() }
    // Open the way on purpose, so that only the peer check stands between nobody and the
    // state: the folder and socket modes would otherwise refuse the connection.
    chmod(scratch.path, 0o755)
    chmod(scratch.path + "/tether", 0o755)
    chmod(inspector.socketPath, 0o666)
    let script = """
      import socket, sys
      s = socket.socket(socket.AF_UNIX)
      s.connect(sys.argv[1])
      s.settimeout(20)
      sys.exit(0 if s.recv(100) == b"" else 1)
      """
    let status = system(
      "setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -c '\(script)' "
        + "'\(inspector.socketPath)' >/dev/null 2>&1")
    #expect(status == 0, "connected, and read nothing before the connection closed")
  }
}

/// A count shared with an operation.
final class Counter: Sendable {
  private let count = Atomic(0)
  func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
  var value: Int { count.load(ordering: .relaxed) }
}

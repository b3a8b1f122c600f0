import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherDiagnostics
import TetherDiagnosticsHTTP
import TetherInspector
import TetherJSON

/// The faults a viewer sets over the socket: the faults state it is sent, `setFaults` and
/// `failNext` carried out on the process's targets, and every bad command refused in words with
/// the connection kept and the faults unchanged.
@Suite(.onOwnThread) struct FaultCommandTests {
  func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  func start(
    _ client: OperationClient, _ scratch: SocketScratch, injector: ClientFaultInjector?
  ) throws -> Inspector {
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    return try Inspector.start(
      client: client, name: "tests", faults: injector, storeFaults: injector, options: options)
  }

  /// A viewer past its hello and snapshot.
  func attach(_ inspector: Inspector) throws -> TestViewer {
    let viewer = try TestViewer(inspector.socketPath)
    viewer.send(#"{"type":"hello","protocol":1}"# + "\n")
    _ = viewer.message(ofType: "snapshot")
    return viewer
  }

  @Test func aViewerIsSentTheFaultsAfterItsSnapshotAndWheneverTheyChange() async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    let inspector = try start(client(), scratch, injector: injector)
    defer { inspector.stop() }
    let viewer = try TestViewer(inspector.socketPath)
    #expect(viewer.message()?["type"] == "hello")
    #expect(viewer.message()?["type"] == "snapshot")
    let first = try #require(viewer.message())
    #expect(first["type"] == "faults")
    #expect(first["faults"]?["side"] == "client")
    #expect(first["faults"]?["plan"]?["failureRate"] == 0)
    #expect(first["storeFaults"] == ["side": "client", "failures": []])
    // The process changes its own faults (a key in its UI): the viewer hears of it.
    try injector.apply(FaultPlan(failureRate: 0.5, latency: .milliseconds(300)))
    injector.failNext(2, of: ["post", 5], like: FaultPlan())
    let changed = try #require(
      viewer.message { $0["type"] == "faults" && $0["storeFaults"]?["failures"] != [] })
    #expect(changed["faults"]?["plan"]?["failureRate"] == 0.5)
    #expect(changed["faults"]?["plan"]?["latency"] == 0.3)
    #expect(changed["storeFaults"]?["failures"] == [["path": ["post", 5], "count": 2]])
  }

  /// A viewer shows its change before the process has it, so the state comes back after every
  /// fault command — even one that leaves it as the viewers were sent it last (the process may
  /// have undone the change meanwhile, as a test that resets it at once did).
  @Test func everyFaultCommandIsFollowedByTheFaultsState() async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    let client = client()
    _ = client.store(for: Query<Int, any Error>(["post", 5]) { _ in 1 })
    let inspector = try start(client, scratch, injector: injector)
    defer { inspector.stop() }
    let viewer = try attach(inspector)
    #expect(viewer.message(ofType: "faults")?["storeFaults"]?["failures"] == [])
    viewer.send(
      #"{"type":"command","id":1,"command":"failNext","path":["post",5],"count":0}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true)
    #expect(viewer.message(ofType: "faults")?["storeFaults"]?["failures"] == [])
    viewer.send(#"{"type":"command","id":2,"command":"setFaults","plan":{}}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true)
    #expect(viewer.message(ofType: "faults")?["faults"]?["plan"]?["failureRate"] == 0)
  }

  @Test func setFaultsAppliesAPlanAndSaysWhatIsInjectedNow() async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    let inspector = try start(client(), scratch, injector: injector)
    defer { inspector.stop() }
    let viewer = try attach(inspector)
    viewer.send(
      #"{"type":"command","id":1,"command":"setFaults","plan":{"failureRate":1,"#
        + #""failureStatuses":[429],"retryAfter":2,"routes":["/posts"]}}"# + "\n")
    let result = try #require(viewer.message(ofType: "result"))
    #expect(result["ok"] == true)
    #expect(result["message"] == "faults set: client: fail 100% 429 Retry-After 2 s · only /posts")
    #expect(
      injector.plan
        == FaultPlan(
          failureRate: 1, failureStatuses: [429], retryAfter: .seconds(2), routes: ["/posts"]))
    let state = try #require(viewer.message { $0["faults"]?["plan"]?["failureRate"] == 1 })
    #expect(state["faults"]?["plan"]?["failureStatuses"] == [429])
  }

  @Test(arguments: [
    (#""plan":"lots""#, "a fault plan must be an object of its fields"),
    (#""plan":{"failureRate":"lots"}"#, "failureRate must be a number from 0 to 1"),
    (#""plan":{"failureRate":2}"#, "failureRate must be a number from 0 to 1"),
    (#""plan":{"latency":-1}"#, "latency must be a number of seconds from 0 to 600"),
    (#""plan":{"jitter":1e300}"#, "jitter must be a number of seconds from 0 to 600"),
    (#""plan":{"failNext":1000000000}"#, "failNext must be a whole number from 0 to 10000"),
    (#""plan":{"failureStatuses":[200]}"#, "failure statuses must be from 400 to 599"),
    (#""plan":{"failureStatuses":"503"}"#, "failureStatuses must be an array of at most 32"),
    (#""plan":{"routes":["posts"]}"#, "“posts” is not a route like /posts"),
    (#""plan":{"routes":[5]}"#, "routes has an element of the wrong kind: 5"),
    (#""plan":{"failureRat":1}"#, #""failureRat" is not a field of a fault plan"#),
  ])
  func aBadPlanIsRefusedInWordsAndChangesNothing(plan: String, reason: String) async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    try injector.apply(FaultPlan(failureRate: 0.25))
    let inspector = try start(client(), scratch, injector: injector)
    defer { inspector.stop() }
    let viewer = try attach(inspector)
    viewer.send(#"{"type":"command","id":7,"command":"setFaults","# + plan + "}\n")
    let result = try #require(viewer.message(ofType: "result"))
    #expect(result["id"] == 7)
    #expect(result["ok"] == false)
    let message = result["message"]?.stringValue ?? ""
    #expect(message.hasPrefix("faults not set: " + reason), "\(message)")
    #expect(injector.plan == FaultPlan(failureRate: 0.25), "unchanged")
    viewer.send(#"{"type":"command","id":8,"command":"setFaults","plan":{}}"# + "\n")
    #expect(viewer.message(ofType: "result")?["ok"] == true, "the connection goes on")
    #expect(injector.plan == FaultPlan())
  }

  @Test func failNextQueuesFailuresOfOneQueryAndRefusesWhatItCannot() async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    let client = client()
    _ = client.store(for: Query<Int, any Error>(["post", 5]) { _ in 1 })
    _ = client.store(for: Mutation<Int, Int, any Error>(["save"]) { n, _ in n })
    let inspector = try start(client, scratch, injector: injector)
    defer { inspector.stop() }
    let viewer = try attach(inspector)
    func command(_ id: Int, _ fields: String) -> JSONValue? {
      viewer.send(#"{"type":"command","id":\#(id),"command":"failNext",\#(fields)}"# + "\n")
      return viewer.message(ofType: "result")
    }
    let queued = command(1, #""path":["post",5],"count":3,"plan":{"failureStatuses":[503]}"#)
    #expect(queued?["ok"] == true)
    #expect(queued?["message"] == "the next 3 requests of post · 5 will fail")
    #expect(injector.storeFailures == [["post", 5]: 3])
    let state = try #require(viewer.message { $0["storeFaults"]?["failures"] != [] })
    #expect(state["storeFaults"]?["failures"] == [["path": ["post", 5], "count": 3]])

    #expect(
      command(2, #""path":["post",5]"#)?["message"]
        == "failNext needs a count: a whole number from 0 to 10000")
    #expect(
      command(3, #""path":["post",5],"count":-1"#)?["message"]
        == "failNext needs a count: a whole number from 0 to 10000")
    #expect(
      command(4, #""count":1"#)?["message"]
        == "failNext needs a path: an array of numbers and strings")
    #expect(command(5, #""path":["missing"],"count":1"#)?["message"] == "no query at missing")
    #expect(
      command(6, #""path":["save"],"mutation":true,"count":1"#)?["message"]
        == "fail next is for queries, not mutations")
    #expect(
      command(7, #""path":["post",5],"count":1,"plan":{"failureStatuses":[]}"#)?["message"]
        == "fail next not set: failure statuses must be from 400 to 599")
    #expect(injector.storeFailures == [["post", 5]: 3], "unchanged by the refused ones")
    #expect(command(8, #""path":["post",5],"count":0"#)?["ok"] == true)
    #expect(injector.storeFailures.isEmpty)
  }

  @Test func aProcessWithoutFaultTargetsRefusesFaultCommandsInWords() async throws {
    let scratch = try SocketScratch()
    let client = client()
    _ = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let inspector = try start(client, scratch, injector: nil)
    defer { inspector.stop() }
    let viewer = try attach(inspector)
    viewer.send(#"{"type":"command","id":1,"command":"setFaults","plan":{}}"# + "\n")
    _ = viewer.message(ofType: "snapshotStores")
    let result = try #require(viewer.message())
    #expect(result["type"] == "result", "no faults state is sent first: \(result)")
    #expect(
      result["message"] == "tests injects no faults: it starts its inspector without a fault target"
    )
    viewer.send(#"{"type":"command","id":2,"command":"failNext","path":["n"],"count":1}"# + "\n")
    let refused = viewer.message(ofType: "result")?["message"]?.stringValue
    #expect(
      refused
        == "tests cannot fail a store's requests: it starts its inspector without a store fault "
        + "target")
  }
}

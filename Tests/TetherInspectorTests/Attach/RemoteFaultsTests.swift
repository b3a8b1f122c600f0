import EndToEndSupport
import Foundation
import Synchronization
import Testing
import TetherAttach
import TetherCore
import TetherDevtools
import TetherDiagnosticsHTTP
import TetherInspector

/// The devtools' faults dialog and "fail next" on an attached process: what it injects is read
/// here, and what is set here is applied there.
@Suite(.onOwnThread) struct RemoteFaultsTests {
  func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  func start(_ client: OperationClient, _ scratch: SocketScratch, injector: ClientFaultInjector?)
    throws -> Inspector
  {
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    return try Inspector.start(
      client: client, name: "tests", faults: injector, storeFaults: injector, options: options)
  }

  @Test func theFaultsSetHereAreAppliedThereAndTheirStateComesBack() async throws {
    let scratch = try SocketScratch()
    let injector = ClientFaultInjector(seed: 1)
    try injector.apply(FaultPlan(failureRate: 0.25))
    let client = client()
    _ = client.store(for: Query<Int, any Error>(["post", 5]) { _ in 1 })
    let inspector = try start(client, scratch, injector: injector)
    defer { inspector.stop() }
    let notices = NoticeLog()
    let connection = try InspectorConnection(
      path: inspector.socketPath, notices: { text, _ in notices.add(text) })
    connection.start()
    defer { connection.close() }
    let faults = connection.faults
    #expect(await eventually { faults.isAvailable })
    #expect(faults.side == .client)
    #expect(faults.plan.failureRate == 0.25)
    #expect(faults.statusText == "client: fail 25% 500/503")

    try faults.apply(FaultPlan(failureRate: 1, failureStatuses: [429]))
    #expect(faults.plan.failureRate == 1, "shown at once")
    #expect(await eventually { injector.plan.failureStatuses == [429] })
    #expect(injector.plan.failureRate == 1)
    #expect(throws: FaultPlanError.self) { try faults.apply(FaultPlan(failureRate: 3)) }
    #expect(injector.plan.failureRate == 1, "a plan not valid is not sent")

    // "Fail next" of the devtools: queued there, counted here until used up.
    connection.storeFaults.failNext(2, of: ["post", 5], like: faults.plan)
    #expect(await eventually { injector.storeFailures == [["post", 5]: 2] })
    injector.failNext(0, of: ["post", 5], like: FaultPlan())
    #expect(await eventually { connection.storeFaults.storeFailures.isEmpty })
    // One the process refuses is said, and the state goes back to what the process says.
    connection.storeFaults.failNext(1, of: ["gone"], like: FaultPlan())
    #expect(await eventually { notices.texts.contains("no query at gone") })
    #expect(await eventually { connection.storeFaults.storeFailures.isEmpty })
    #expect(notices.texts == ["no query at gone"])
  }

  @Test func aProcessWithoutAFaultTargetIsSaidToInjectNone() async throws {
    let scratch = try SocketScratch()
    let client = client()
    _ = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let inspector = try start(client, scratch, injector: nil)
    defer { inspector.stop() }
    let connection = try InspectorConnection(path: inspector.socketPath)
    connection.start()
    defer { connection.close() }
    #expect(await eventually { connection.source.inspectableStores().count == 1 })
    #expect(!connection.faults.isAvailable)
    let error = #expect(throws: RemoteFaultsError.self) {
      try connection.faults.apply(FaultPlan(failureRate: 0.5))
    }
    #expect(
      error?.description
        == "tests (\(getpid())) injects no faults: its inspector has no fault target")
  }
}

/// The notices a connection reports, in order.
final class NoticeLog: Sendable {
  private let storage = Mutex<[String]>([])
  func add(_ text: String) { storage.withLock { $0.append(text) } }
  var texts: [String] { storage.withLock { $0 } }
}

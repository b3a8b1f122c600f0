import Foundation
import Synchronization
import Testing
import TetherAttach
import TetherCore
import TetherDevtools
import TetherDiagnostics
import TetherDiagnosticsHTTP
import TetherInspector

/// "Export session": the devtools' stores, run logs, histories, requests and faults written as
/// a recording, which the replay reader opens as it opens `tether record`'s.
@Suite struct SessionExportTests {
  struct Post: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  @Test func anExportedSessionOpensInTheReplayReader() async throws {
    let client = OperationClient()
    let titles = Mutex(["First", "Second"])
    let post = client.store(
      for: Query<Post, any Error>(["post", 7]) { _ in
        Post(id: 7, title: titles.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] })
      })
    let network = NetworkLog()
    let request = network.begin(
      method: "GET", url: "http://api.test/posts/7", target: "/posts/7", at: Date())
    network.finish(request, with: NetworkOutcome(duration: .milliseconds(12), status: 200))
    let faults = ClientFaultInjector(seed: 1)
    try faults.apply(FaultPlan(failureRate: 0.25, failureStatuses: [503]))
    faults.failNext(2, of: ["post", 7], like: FaultPlan())
    let devtools = Devtools(
      client: client, network: network, faults: faults, storeFaults: faults,
      exporter: RecordingExporter())
    let state = DevtoolsState()
    try await post.fetch()
    try await post.refetch()
    let session = state.session(of: devtools, at: Date())
    #expect(session.stores.count == 1)
    #expect(session.stores[0].history.count == 2, "both values: \(session.stores[0].history)")

    // Written as every export is: a new file of this user's alone.
    let scratch = try SocketScratch()
    let file = try ExportFolder(path: scratch.path + "/exports").save(
      Data(RecordingExporter().file(of: session)), as: "session.tether.jsonl")
    #expect(SocketScratch.mode(file) == 0o600)

    let contents = try Recording.read(file)
    #expect(contents.source.hasSuffix("· exported"))
    let replay = Replay(contents, name: "session")
    let replayed = Devtools(source: replay.source, network: replay.source.network)
    let viewer = DevtoolsState()
    viewer.catalog.synchronize(with: replayed)
    let record = try #require(viewer.catalog.record(at: ["post", 7]))
    #expect(record.snapshot.status == .success)
    #expect(record.snapshot.runCount == 2)
    #expect("\(record.snapshot.currentValue)".contains("Second"))
    // The history it had, with what brought each value: the diff of the title shows again.
    let history = record.history.entries
    #expect(history.count == 2)
    #expect(history.map(\.json).first?.contains("First") == true)
    #expect(history.last?.json.contains("Second") == true)
    #expect(history.last?.changed == true)
    #expect(history.last?.causeText.hasPrefix("run #2") == true, "\(history.last?.causeText ?? "")")
    // Its run log, the network log and the faults.
    #expect(record.store.runLog.count >= 4)
    #expect(replay.source.network.records.map(\.target) == ["/posts/7"])
    #expect(replay.source.network.records.first?.status == 200)
    let faultsLine = contents.entries.compactMap { entry -> InspectedFaults? in
      if case .faults(let state) = entry.message { return state }
      return nil
    }.first
    #expect(faultsLine?.plan.failureRate == 0.25)
    #expect(faultsLine?.plan.failureStatuses == [503])
    #expect(faultsLine?.storeFailures[["post", 7]] == 2)
    // The replay knows them at its cursor (its status bar shows them).
    #expect(replay.faults?.plan.failureRate == 0.25)
  }
}

import EndToEndSupport
import Foundation
import Glibc
import Synchronization
import Testing
import TetherAttach
import TetherCore
import TetherDevtools
import TetherInspector
import TetherJSON
import TetherSystem

/// The viewer's side over a real socket: a remote source follows the inspected client, its
/// stores act on it, and it says when the process went away.
@Suite(.onOwnThread) struct AttachTests {
  func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  func start(_ client: OperationClient, _ scratch: SocketScratch) throws -> Inspector {
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    return try Inspector.start(client: client, name: "tests", options: options)
  }

  /// An inspector started on `client` and a viewer's connection to it, reading.
  struct Attached {
    let inspector: Inspector
    let connection: InspectorConnection

    /// Ends both: the connection, then the inspector.
    func end() {
      connection.close()
      inspector.stop()
    }
  }

  func attach(_ client: OperationClient, _ scratch: SocketScratch) throws -> Attached {
    let inspector = try start(client, scratch)
    do {
      let connection = try InspectorConnection(path: inspector.socketPath)
      connection.start()
      return Attached(inspector: inspector, connection: connection)
    } catch {
      inspector.stop()
      throw error
    }
  }

  @Test func aRemoteSourceFollowsTheStoresAndActsOnThem() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let runs = Counter()
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in runs.increment() })
    try await store.fetch()
    let attached = try attach(client, scratch)
    defer { attached.end() }
    let connection = attached.connection
    let source = connection.source
    #expect(await eventually { source.inspectableStores().count == 1 })
    #expect(source.status?.text == "attached to tests (\(getpid()))")
    let remote = try #require(source.inspectableStores().first)
    #expect(remote.path == ["n"])
    #expect(remote.snapshot.status == .success)
    #expect(remote.runLog.count == 2)
    // The devtools' refetch, carried out in the inspected process.
    try await remote.refetch()
    #expect(runs.value == 2)
    #expect(await eventually { remote.snapshot.runCount == 2 })
    // A store made there appears here; one removed there goes here.
    _ = client.store(for: Query<Int, any Error>(["m"]) { _ in 1 })
    #expect(await eventually { source.inspectableStores().count == 2 })
    client.remove(at: ["m"])
    #expect(await eventually { source.inspectableStores().count == 1 })
    // The devtools see the same: a catalog synchronised from the remote source.
    let devtools = Devtools(source: source, network: source.network)
    let catalog = StoreCatalog()
    catalog.synchronize(with: devtools)
    #expect(catalog.record(at: ["n"])?.snapshot.runCount == 2)
  }

  /// A store arrives with the fields the devtools show as they are in the process (those at
  /// their default are left out of the line and read back as it), and a subscriber coming or
  /// going there — no change of its state — shows here.
  @Test func aRemoteStoreHasTheLocalFieldsAndFollowsItsSubscribers() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let store = client.store(for: Query<String, any Error>(["s"]) { _ in "text" })
    try await store.fetch()
    store.invalidate()
    let attached = try attach(client, scratch)
    defer { attached.end() }
    let connection = attached.connection
    let source = connection.source
    #expect(await eventually { source.storeCount == 1 })
    let remote = try #require(source.inspectableStores().first)
    let (local, seen) = (store.snapshot, remote.snapshot)
    #expect(seen.status == local.status && seen.fetchStatus == local.fetchStatus)
    #expect(seen.isInvalidated && seen.isStale == local.isStale && !seen.isPlaceholder)
    #expect(seen.runCount == 1 && seen.valueUpdateCount == 1 && seen.errorUpdateCount == 0)
    #expect(seen.valueLastUpdatedAt == local.valueLastUpdatedAt && seen.date == local.date)
    #expect(seen.hasValue && seen.currentValue as? JSONValue == "text")
    #expect(seen.runsAutomatically && seen.subscriberCount == 0 && seen.error == nil)
    #expect(remote.runLog.count == store.runLog.count)
    let subscription = store.subscribe { _ in }
    #expect(await eventually { remote.subscriberCount == 1 })
    subscription.cancel()
    #expect(await eventually { remote.subscriberCount == 0 })
  }

  /// A persister marks changed stores too, and clears their marks only when it saves: a store
  /// it marked before the viewer came is still followed.
  @Test func storesMarkedByAPersisterBeforeTheViewerCameAreFollowed() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let persister = client.markChangedStores { _ in }  // never saves: marks stay set
    defer { persister.cancel() }
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    try await store.fetch()
    let attached = try attach(client, scratch)
    defer { attached.end() }
    let connection = attached.connection
    let source = connection.source
    #expect(await eventually { source.storeCount == 1 })
    let remote = try #require(source.inspectableStores().first)
    store.setCurrentValue(2)
    #expect(await eventually { remote.snapshot.currentValue as? JSONValue == 2 })
    let other = client.store(for: Query<Int, any Error>(["m"]) { _ in 1 })
    #expect(await eventually { source.storeCount == 2 })
    client.remove(at: ["m"])
    #expect(await eventually { source.storeCount == 1 })
    _ = other
  }

  @Test func wTakesTheInspectedProcessOfflineAndBack() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let attached = try attach(client, scratch)
    defer { attached.end() }
    let connection = attached.connection
    let source = connection.source
    #expect(source.canMockOffline)
    source.mockOffline(true)
    #expect(source.isOfflineMocked)
    #expect(await eventually { client.isOfflineMocked }, "the inspected client is offline")
    source.mockOffline(false)
    #expect(await eventually { !client.isOfflineMocked })
  }

  /// Commands leave in the order they are given, without waiting for a task to run them: a
  /// burst of offline/online toggles ends in the state of the last one.
  @Test func commandsSentBackToBackArriveInTheirOrder() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    try await store.fetch()
    let attached = try attach(client, scratch)
    defer { attached.end() }
    let connection = attached.connection
    let source = connection.source
    #expect(await eventually { source.storeCount == 1 })
    let remote = try #require(source.inspectableStores().first)
    for round in 0..<50 { source.mockOffline(round.isMultiple(of: 2)) }
    // The inspector answers in order: once a later command is answered, every toggle is applied.
    try await remote.refetch()
    #expect(!client.isOfflineMocked, "the last toggle (online) was applied last")
    #expect(source.isOfflineMocked == false)
  }

  @Test func whenTheProcessStopsInspectingTheViewerSaysSoAndKeepsTheLastState() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 5 })
    try await store.fetch()
    let inspector = try start(client, scratch)
    let ended = Mutex<String?>(nil)
    let connection = try InspectorConnection(
      path: inspector.socketPath, ended: { why in ended.withLock { $0 = why } })
    connection.start()
    #expect(await eventually { connection.source.inspectableStores().count == 1 })
    inspector.stop()
    #expect(await eventually { ended.withLock { $0 } != nil })
    #expect(ended.withLock { $0 } == "tests (\(getpid())) closed the connection")
    #expect(connection.source.status?.isDetached == true)
    #expect(connection.source.inspectableStores().count == 1, "the last state is kept")
    let remote = try #require(connection.source.inspectableStores().first)
    await #expect(throws: InspectedFailure.self) { try await remote.refetch() }
  }

  @Test func anUnreachablePidSaysWhy() throws {
    let scratch = try SocketScratch()
    #expect(throws: AttachError.self) {
      try InspectedProcesses.socket(for: "999999", folder: scratch.path)
    }
    #expect(
      AttachError.noInspector(1234).description
        == "no Tether inspector for pid 1234: is it started with Inspector.start?")
  }

  @Test func listingNamesEachProcessAndRemovesStaleSockets() async throws {
    let scratch = try SocketScratch()
    let client = client()
    let inspector = try start(client, scratch)
    defer { inspector.stop() }
    let dead = try LocalSocket.listen(at: scratch.path + "/tether/1.sock")
    close(dead.descriptor)
    let (processes, removed) = InspectedProcesses.list(folder: scratch.path + "/tether")
    #expect(removed == [scratch.path + "/tether/1.sock"])
    #expect(processes.map(\.name) == ["tests"])
    #expect(processes.map(\.pid) == [getpid()])
    #expect(
      try InspectedProcesses.socket(for: nil, folder: scratch.path + "/tether")
        == inspector.socketPath)
    #expect(
      try InspectedProcesses.socket(for: "tests", folder: scratch.path + "/tether")
        == inspector.socketPath)
  }
}

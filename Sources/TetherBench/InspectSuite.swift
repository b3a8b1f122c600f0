import Foundation
import Glibc
import Synchronization
import TetherAttach
import TetherCore
import TetherDevtools
import TetherInspector
import TetherSystem
import TetherTerminal

/// `tether-bench inspect`: what an inspector costs the process it inspects, and how fast a
/// viewer follows it, each against a baseline measured in the same run.
///
/// 1. Fetch throughput of a client with an inspector and no viewer, and with one live viewer,
///    as a ratio to the same client without an inspector (targets ≥ 0.99× and ≥ 0.95×).
/// 2. Attaching to 10,000 stores: from connecting to the whole tree drawn on a 200×60 frame
///    (target < 300 ms); baseline: the same frame drawn from a local client.
/// 3. A viewer following 2,000 store changes a second: the lag from a change to the viewer
///    having it (target < 100 ms at the 99th percentile).
/// 4. Memory of the inspected process with a viewer that never reads, against none: bounded by
///    the viewer's buffer (4 MiB) and the socket's.
enum InspectSuite {
  static func run() async throws {
    let scratch = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "tether-bench-inspect-")
    defer { _ = system("rm -rf '\(scratch)'") }
    try await throughput(scratch)
    try await attaching(scratch)
    try await following(scratch)
    try await stalledViewer(scratch)
  }

  /// The attaching row alone, to follow one change's effect on it.
  static func runAttaching() async throws {
    let scratch = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "tether-bench-inspect-")
    defer { _ = system("rm -rf '\(scratch)'") }
    try await attaching(scratch)
  }

  static func options(_ folder: String) -> InspectorOptions {
    var options = InspectorOptions()
    options.folder = folder
    return options
  }

  static func client() -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
  }

  /// Waits, polling, until `condition` holds or `seconds` pass; returns whether it held.
  static func wait(seconds: Double = 30, until condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }

  // MARK: 1. Throughput

  @concurrent
  static func throughput(_ scratch: String) async throws {
    Harness.heading("inspect: fetch throughput of the inspected process")
    let count = 20_000
    let plain = client()
    let inspected = client()
    let watched = client()
    let plainStore = plain.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let inspectedStore = inspected.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let watchedStore = watched.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let live = try Inspector.start(
      client: watched, name: "bench", options: options(scratch + "/live"))
    defer { live.stop() }
    let viewer = try InspectorConnection(path: live.socketPath)
    viewer.start()
    defer { viewer.close() }
    _ = await wait { viewer.source.inspectableStores().count == 1 }

    // What any subscriber to the client's events costs a fetch, inspector or not: the part of
    // a live viewer's cost that is the core's.
    let subscribed = client()
    let subscribedStore = subscribed.store(for: Query<Int, any Error>(["n"]) { _ in 1 })
    let subscription = subscribed.subscribeToEvents { _ in }
    defer { subscription.cancel() }
    let fetches: @Sendable (OperationStore<QueryState<Int, any Error>>) async throws -> Void = {
      store in for _ in 0..<count { _ = try await store.fetch() }
    }
    let events = try await Harness.paired(
      rounds: 7, iterations: count, { try await fetches(subscribedStore) },
      baseline: { try await fetches(plainStore) })
    Harness.compare("fetch, an empty event subscriber", events, baseline: "no subscriber")
    Harness.line("  median ratio of 7 paired rounds", String(format: "%.3f×", events.median))
    let none = try await quietInTurns(inspectedStore, client: inspected, count: count, scratch)
    Harness.compare("fetch, inspector and no viewer", none, baseline: "no inspector")
    Harness.line(
      "  median ratio of 21 rounds in turns",
      String(format: "%.3f× wall, %.3f× CPU (target ≤ 1.01×)", none.median, none.cpuMedian))
    let one = try await Harness.paired(
      rounds: 7, iterations: count, { try await fetches(watchedStore) },
      baseline: { try await fetches(plainStore) })
    Harness.compare("fetch, one live viewer attached", one, baseline: "no inspector")
    Harness.line(
      "  median ratio of 7 paired rounds",
      String(format: "%.3f× wall, %.3f× CPU (target ≤ 1.05× wall)", one.median, one.cpuMedian))
    Harness.line(
      "  throughput as a share of none",
      String(format: "%.3f× no viewer, %.3f× one viewer", 1 / none.median, 1 / one.median))
  }

  /// The same store fetched `count` times with an inspector and no viewer, and with none, in
  /// turns (21 rounds, the order alternating): the inspector is started before a scenario round
  /// and stopped after it, out of the timing, so that both sides are the same client, store and
  /// heap — what differs is only the inspector.
  @concurrent
  static func quietInTurns(
    _ store: OperationStore<QueryState<Int, any Error>>, client: OperationClient, count: Int,
    _ scratch: String
  ) async throws -> Harness.Paired {
    try await Harness.inTurns(rounds: 21) { inspects in
      let inspector =
        inspects
        ? try Inspector.start(client: client, name: "bench", options: options(scratch + "/quiet"))
        : nil
      // The same settling time on both sides: the inspector's thread has started and waits.
      try await Task.sleep(for: .milliseconds(20))
      let sample = try await Harness.measure(iterations: count) {
        for _ in 0..<count { _ = try await store.fetch() }
      }
      inspector?.stop()
      return sample
    }
  }

  // MARK: 2. Attaching to 10,000 stores

  @concurrent
  static func attaching(_ scratch: String) async throws {
    Harness.heading("inspect: attaching to 10,000 stores and drawing the whole tree (200×60)")
    let client = client()
    for index in 0..<10_000 {
      let path: OperationPath = index % 2 == 0 ? ["post", index] : ["user", index, "posts"]
      _ = try? await client.store(for: Query<Int, any Error>(path) { _ in index }).fetch()
    }
    let inspector = try Inspector.start(
      client: client, name: "bench", options: options(scratch + "/many"))
    defer { inspector.stop() }
    // What a frame was drawn with is freed after the timing, on both sides: a viewer frees
    // its devtools and connection when it quits, not before its first frame.
    let kept = Kept()
    let local = await Harness.best(of: 3, iterations: 1) {
      var state = DevtoolsState()
      state.presentation = .fullScreen
      var frame = Frame(size: DevtoolsSuite.size, now: Date())
      let devtools = Devtools(client: client)
      DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      kept.keep(devtools, state)
    }
    kept.free()
    let drawn = Atomic(0)
    // The fastest first frame once every store is in, in microseconds.
    let drawing = Atomic(Int.max)
    let remote = await Harness.best(of: 3, iterations: 1) {
      guard let connection = try? InspectorConnection(path: inspector.socketPath) else { return }
      connection.start()
      _ = await wait { connection.source.storeCount == 10_000 }
      let start = ContinuousClock.now
      var state = DevtoolsState()
      state.presentation = .fullScreen
      var frame = Frame(size: DevtoolsSuite.size, now: Date())
      let devtools = Devtools(source: connection.source, network: connection.source.network)
      DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      let took = ContinuousClock.now - start
      _ = drawing.min(
        Int(took.components.seconds) * 1_000_000
          + Int(took.components.attoseconds / 1_000_000_000_000), ordering: .relaxed)
      drawn.store(state.catalog.records.count, ordering: .relaxed)
      kept.keep(connection, devtools, state)
    }
    kept.free()
    // The inspector's and the connection's part alone: every store in the viewer's source.
    let received = await Harness.best(of: 3, iterations: 1) {
      guard let connection = try? InspectorConnection(path: inspector.socketPath) else { return }
      connection.start()
      _ = await wait { connection.source.storeCount == 10_000 }
      kept.keep(connection)
    }
    kept.free()
    Harness.compare(
      "connect, snapshot, first frame", remote, baseline: "first frame of a local client", local)
    Harness.compare(
      "  of which: connect and snapshot received", received,
      baseline: "first frame of a local client",
      local)
    Harness.line(
      "  of which: the first frame once every store is in",
      String(format: "%.2f ms (fastest of 3)", Double(drawing.load(ordering: .relaxed)) / 1000))
    Harness.line(
      "  CPU of both sides, snapshot received",
      String(
        format: "%.0f ms (wall %.0f ms)", received.cpuSeconds * 1000, received.wallSeconds * 1000))
    Harness.line(
      "  stores in the tree",
      "\(drawn.load(ordering: .relaxed)) · "
        + (remote.wallSeconds < 0.3 ? "target < 300 ms met" : "target < 300 ms NOT met"))
  }

  // MARK: 3. Following 2,000 changes a second

  @concurrent
  static func following(_ scratch: String) async throws {
    Harness.heading("inspect: a viewer following 2,000 store changes a second for 3 s")
    let client = OperationClient(clock: SystemClock(), connectivity: ManualCondition(true))
    let store = client.store(
      for: Query<Double, any Error>(["clock"]) { _ in Date().timeIntervalSince1970 })
    _ = try await store.fetch()
    let inspector = try Inspector.start(
      client: client, name: "bench", options: options(scratch + "/follow"))
    defer { inspector.stop() }
    let connection = try InspectorConnection(path: inspector.socketPath)
    let lags = Mutex<[Double]>([])
    connection.start()
    defer { connection.close() }
    _ = await wait { connection.source.inspectableStores().count == 1 }
    let subscription = connection.source.subscribeToEvents { event in
      guard case .storeUpdated(let remote) = event,
        let value = remote.snapshot.valueLastUpdatedAt
      else { return }
      let lag = Date().timeIntervalSince(value)
      lags.withLock { $0.append(lag) }
    }
    defer { subscription.cancel() }
    // 2,000 changes a second: one every 500 µs, each a value set by hand, as a busy app does.
    let start = ContinuousClock.now
    var changes = 0
    while ContinuousClock.now - start < .seconds(3) {
      let due = start + .microseconds(500 * changes)
      if ContinuousClock.now < due { try? await Task.sleep(until: due, clock: .continuous) }
      store.setCurrentValue(Date().timeIntervalSince1970)
      changes += 1
    }
    try? await Task.sleep(for: .milliseconds(300))
    let seen = lags.withLock { $0 }.sorted()
    guard !seen.isEmpty else {
      Harness.line("  lag", "no change reached the viewer")
      return
    }
    func percentile(_ share: Double) -> Double {
      seen[min(seen.count - 1, Int(Double(seen.count) * share))]
    }
    Harness.line(
      "  changes made / batches seen", "\(changes) / \(seen.count) (one batch a frame, 50 ms)")
    Harness.line(
      "  lag, median / 99th / max",
      String(
        format: "%.1f / %.1f / %.1f ms · target p99 < 100 ms %@", percentile(0.5) * 1000,
        percentile(0.99) * 1000, seen.last! * 1000, percentile(0.99) < 0.1 ? "met" : "NOT met"))
  }

  // MARK: 4. A viewer that never reads

  @concurrent
  static func stalledViewer(_ scratch: String) async throws {
    Harness.heading("inspect: memory of the inspected process with a viewer that never reads")
    let text = String(repeating: "x", count: 1000)
    func churn(_ client: OperationClient) async {
      for round in 0..<20 {
        for index in 0..<500 {
          let store = client.store(for: Query<String, any Error>(["item", index]) { _ in text })
          store.setCurrentValue(text + "\(round)")
        }
        try? await Task.sleep(for: .milliseconds(60))
      }
    }
    let quietClient = client()
    let before = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    await churn(quietClient)
    let baseline = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    let stalledClient = client()
    let inspector = try Inspector.start(
      client: stalledClient, name: "bench", options: options(scratch + "/stalled"))
    defer { inspector.stop() }
    let descriptor = try LocalSocket.connect(to: inspector.socketPath)  // never read
    defer { close(descriptor) }
    await churn(stalledClient)
    let after = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1e6) }
    Harness.line(
      "  500 stores × 20 rounds of 1 KB values", "no inspector: +\(megabytes(baseline - before))")
    Harness.line(
      "  the same, a stalled viewer attached",
      "+\(megabytes(after - baseline)) (bound: 4 MiB buffer + the socket's)")
  }
}

/// What timed work made, kept until the timing is over: freeing it is not part of the time.
final class Kept: Sendable {
  /// A value held only to be freed later, never read again: no race, whatever it holds.
  private final class Held: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
      self.value = value
    }
  }

  private let objects = Mutex<[Held]>([])

  func keep(_ made: Any...) {
    let held = made.map(Held.init)
    objects.withLock { $0 += held }
  }

  /// Frees what was kept; connections are closed first.
  func free() {
    let kept = objects.withLock { objects in
      defer { objects = [] }
      return objects
    }
    for case let connection as InspectorConnection in kept.map(\.value) { connection.close() }
  }
}

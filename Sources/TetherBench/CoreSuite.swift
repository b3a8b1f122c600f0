import Foundation
import Synchronization
import TetherCore
import TetherSynchronization

/// `tether-bench core`: the cost of TetherCore's machinery against the raw calls it wraps.
enum CoreSuite {
  @concurrent
  static func run() async throws {
    if runs("fetch") {
      Harness.heading("core: sequential fetches")
      try await sequentialFetches(count: 100_000)
    }
    if runs("concurrent") {
      Harness.heading("core: concurrent fetches of one deduplicated store")
      try await concurrentFetches()
    }
    if runs("create") {
      Harness.heading("core: creating stores and matching a prefix")
      try await storesAndPrefixes()
    }
    if runs("create-fetch") {
      Harness.heading("core: a query created and fetched once, in a fresh client")
      try await createdAndFetched(count: 100_000)
    }
    if runs("subscribers") {
      Harness.heading("core: one store, 1,000 subscribers, 10,000 changes")
      try await subscribers(count: 1_000, changes: 10_000)
    }
    if runs("projections") {
      Harness.heading(
        "core: one store, 1,000 subscribers each projecting one field, 10,000 changes")
      try await projections(count: 1_000, changes: 10_000)
    }
  }

  /// Whether the section `name` runs: every one, unless `TETHER_BENCH_CORE` names some
  /// (comma-separated: fetch, concurrent, create, create-fetch, subscribers, projections), to
  /// profile one scenario alone.
  static func runs(_ name: String) -> Bool {
    guard let only = ProcessInfo.processInfo.environment["TETHER_BENCH_CORE"] else { return true }
    return only.split(separator: ",").contains { $0 == name }
  }

  /// The trivial in-memory operation every scenario runs.
  @Sendable static func answer(_ context: OperationContext) async throws -> Int { 42 }

  // MARK: 1. Sequential fetches

  @concurrent
  static func sequentialFetches(count: Int) async throws {
    let body: @Sendable (OperationContext) async throws -> Int = answer
    let context = OperationContext()
    let direct = try await Harness.best(iterations: count) {
      var sum = 0
      for _ in 0..<count { sum &+= try await body(context) }
      precondition(sum == 42 * count)
    }
    let client = OperationClient()
    let store = client.store(for: Query(["answer"], fetch: body))
    let fetched = try await Harness.best(iterations: count) {
      var sum = 0
      for _ in 0..<count { sum &+= try await store.fetch() }
      precondition(sum == 42 * count)
    }
    Harness.compare("store.fetch() ×100,000", fetched, baseline: "direct closure call", direct)
    Harness.line(
      "  target ≤ 2 µs per fetch", fetched.wallPerIteration <= 2e-6 ? "met" : "NOT met")

    // The run log writes two records per fetch; a store that keeps none is the baseline.
    // The two are measured in alternation, so that neither gets the quieter moments.
    let unlogged = client.store(for: Query(["unlogged"], fetch: body).runLog(capacity: 0))
    var logged: Harness.Sample?
    var withoutLog: Harness.Sample?
    for _ in 0..<5 {
      let withLog = try await Harness.measure(iterations: count) {
        var sum = 0
        for _ in 0..<count { sum &+= try await store.fetch() }
        precondition(sum == 42 * count)
      }
      let without = try await Harness.measure(iterations: count) {
        var sum = 0
        for _ in 0..<count { sum &+= try await unlogged.fetch() }
        precondition(sum == 42 * count)
      }
      logged = withLog.faster(than: logged)
      withoutLog = without.faster(than: withoutLog)
    }
    Harness.compare(
      "store.fetch() with its run log", logged!, baseline: "the same store, no log",
      withoutLog!)
    Harness.line(
      "  target: the log costs ≤ 10%",
      logged!.wallPerIteration <= 1.1 * withoutLog!.wallPerIteration ? "met" : "NOT met")
  }

  // MARK: 2. Concurrent fetches

  /// K fetches arrive while the operation is in flight (it waits until all K have been
  /// issued), the way a thundering herd meets a slow request.
  @concurrent
  static func concurrentFetches() async throws {
    var times: [Int: Double] = [:]
    var ratios: [Int: Double] = [:]
    for count in [1_000, 10_000] {
      let body: @Sendable (OperationContext) async throws -> Int = answer
      let context = OperationContext()
      let runs = Atomic(0)
      let arrivals = Latch(count: count)
      let client = OperationClient()
      let store = client.store(
        for: Query(["shared"]) { _ in
          runs.add(1, ordering: .relaxed)
          await arrivals.wait()
          return 42
        }.deduplicated())
      // Results collected on both sides, as `Promise.all` does in TanStack's run of this
      // scenario; baseline and scenario measured in turns.
      let (direct, shared) = try await Harness.bestInTurns(
        of: 3, iterations: count,
        baseline: {
          try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count { group.addTask { try await body(context) } }
            for try await value in group { precondition(value == 42) }
          }
        },
        scenario: {
          arrivals.reset()
          try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
              group.addTask {
                arrivals.arrive()
                return try await store.fetch()
              }
            }
            for try await value in group { precondition(value == 42) }
          }
        })
      times[count] = shared.wallSeconds
      ratios[count] = shared.wallPerIteration / direct.wallPerIteration
      Harness.compare(
        "\(count.formatted()) concurrent store.fetch()", shared,
        baseline: "\(count.formatted()) tasks calling it", direct)
      Harness.line(
        "  runs of the operation (3 repetitions)",
        "\(runs.load(ordering: .relaxed)) for \((3 * count).formatted()) fetches")
    }
    Harness.line(
      "  target (10,000): ≤ 1.2× the tasks alone",
      ratios[10_000]! <= 1.2 ? "met" : "NOT met")
    let ratio = times[10_000]! / times[1_000]!
    Harness.line("time(10,000) / time(1,000)", String(format: "%.1f (target ≤ 15)", ratio))
    Harness.line(
      "10,000 concurrent fetches",
      Harness.formatDuration(times[10_000]!) + " (target < 100 ms)")
  }

  /// Opens once `count` arrivals have been counted; waiting on an open latch returns at once.
  final class Latch: Sendable {
    private struct State {
      var arrived = 0
      var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let count: Int
    private let state = SanitizerVisibleMutex(State())

    init(count: Int) { self.count = count }

    func reset() { state.withLock { $0.arrived = 0 } }

    func arrive() {
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.arrived += 1
        guard state.arrived == count else { return [] }
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }

    func wait() async {
      await withCheckedContinuation { continuation in
        let isOpen = state.withLock { state in
          if state.arrived >= count { return true }
          state.waiters.append(continuation)
          return false
        }
        if isOpen { continuation.resume() }
      }
    }
  }

  // MARK: 3. Stores and prefixes

  @concurrent
  static func storesAndPrefixes() async throws {
    let count = 100_000
    let paths = (0..<count).map { OperationPath(["bucket", $0 % 1_000, $0]) }
    let body: @Sendable (OperationContext) async throws -> Int = answer

    let (dictionary, created) = await Harness.bestInTurns(
      iterations: count,
      baseline: {
        var table: [OperationPath: Int] = [:]
        for (index, path) in paths.enumerated() { table[path] = index }
        precondition(table.count == count)
      },
      scenario: {
        let fresh = OperationClient()
        for path in paths { _ = fresh.store(for: Query(path, fetch: body)) }
        precondition(fresh.storeCount == count)
      })
    Harness.compare(
      "create 100,000 stores", created, baseline: "100,000 dictionary inserts", dictionary)
    // No target against the dictionary any more: "≤ 2× a dictionary insert" brought malloc'd
    // storage into the store, and was retired with it (issue 26). The total below stays.
    Harness.line(
      "  total for 100,000 stores", Harness.formatDuration(created.wallSeconds) + " (target < 1 s)")
    let tenth = await Harness.best(iterations: count / 10) {
      let fresh = OperationClient()
      for path in paths.prefix(count / 10) { _ = fresh.store(for: Query(path, fetch: body)) }
    }
    Harness.line(
      "  time(100,000) / time(10,000)",
      String(format: "%.1f (linear: ≈ 10)", created.wallSeconds / tenth.wallSeconds))

    let client = OperationClient()
    for path in paths { _ = client.store(for: Query(path, fetch: body)) }
    let prefix: OperationPath = ["bucket", 7]
    let lookups = 1_000
    let full = client
    let matched = await Harness.best(iterations: lookups) {
      for _ in 0..<lookups { precondition(full.stores(matching: prefix).count == 100) }
    }
    let scanned = await Harness.best(iterations: 10) {
      for _ in 0..<10 { precondition(paths.filter { $0.hasPrefix(prefix) }.count == 100) }
    }
    Harness.compare(
      "match a prefix selecting 100 of 100,000", matched,
      baseline: "scan all 100,000 paths", scanned)
    Harness.line(
      "  target < 0.1 ms per match",
      matched.wallPerIteration < 1e-4 ? "met" : "NOT met")
  }

  // MARK: 4. Created and fetched once

  /// Every query is new: the client makes its store with the default stack (3 retries,
  /// deduplication, zero staleness, the run log) and fetches it once — what a screen that
  /// opens many items does.
  @concurrent
  static func createdAndFetched(count: Int) async throws {
    let paths = (0..<count).map { OperationPath(["item", $0]) }
    let body: @Sendable (OperationContext) async throws -> Int = answer
    let context = OperationContext()
    let direct = try await Harness.best(iterations: count) {
      var table: [OperationPath: Int] = [:]
      for path in paths { table[path] = try await body(context) }
      precondition(table.count == count)
    }
    let created = try await Harness.best(iterations: count) {
      let fresh = OperationClient()
      var sum = 0
      for path in paths { sum &+= try await fresh.store(for: Query(path, fetch: body)).fetch() }
      precondition(sum == 42 * count && fresh.storeCount == count)
    }
    Harness.compare(
      "create + fetch 100,000 distinct queries", created,
      baseline: "dictionary insert + direct call", direct)
  }

  // MARK: 5. Subscribers

  @concurrent
  static func subscribers(count: Int, changes: Int) async throws {
    let received = Atomic(0)
    let handlers: [@Sendable (Int) -> Void] = (0..<count).map { _ in
      { _ in received.add(1, ordering: .relaxed) }
    }
    let direct = await Harness.best(iterations: changes) {
      for change in 0..<changes {
        for handler in handlers { handler(change) }
      }
    }
    let store = OperationClient().store(for: Query(["watched"], fetch: answer).enabled(false))
    let subscriptions = (0..<count).map { _ in
      store.subscribe { _ in received.add(1, ordering: .relaxed) }
    }
    received.store(0, ordering: .relaxed)
    let notified = await Harness.best(iterations: changes) {
      for change in 0..<changes { store.setCurrentValue(change) }
    }
    precondition(received.load(ordering: .relaxed) == 3 * count * changes)
    Harness.compare(
      "setCurrentValue → 1,000 subscribers", notified,
      baseline: "1,000 direct handler calls", direct)
    Harness.line(
      "  per delivered state",
      Harness.formatDuration(notified.wallSeconds / Double(count * changes)))
    withExtendedLifetime(subscriptions) {}
  }

  // MARK: 6. Projections

  /// 1,000 subscribers each take a different field of one value (`subscribe(select:)`), and
  /// each change changes one field: one handler is called, 999 projections compare equal.
  ///
  /// Issue 27's target: "a change of one field costs at most 1.2× today's delivery to one
  /// subscriber per changed projection plus one comparison per subscriber". Read literally,
  /// that baseline is one plain subscriber reading and comparing the 1,000 fields inline — the
  /// second line, printed for information. It leaves out the projections themselves: each is
  /// the user's closure, and calling 1,000 closures costs several times 1,000 inline reads
  /// whoever calls them, so no projection written as a closure can come within 1.2× of it.
  /// The target is therefore checked against the same change delivered to one plain subscriber
  /// that calls the same 1,000 projection closures and compares their results with an array
  /// of last values: the user's code runs on both sides, and the ratio is what the machinery
  /// (per-subscriber delivery, bookkeeping, comparison) adds.
  ///
  /// `TETHER_BENCH_CORE=projections` runs this row alone; `TETHER_BENCH_CPU=1` adds each
  /// side's CPU time, steadier than wall time on a loaded machine.
  @concurrent
  static func projections(count: Int, changes: Int) async throws {
    typealias State = QueryState<[Int], any Error>
    let client = OperationClient()
    let plain = client.store(for: Query<[Int], any Error>(["plain"]) { _ in [] }.enabled(false))
    plain.setCurrentValue(Array(repeating: 0, count: count))
    let fields: [@Sendable (State) -> Int?] = (0..<count).map { field in
      { $0.currentValue?[field] }
    }
    let last = SanitizerVisibleMutex([Int?](repeating: 0, count: count))
    let changed = Atomic(0)
    let subscription = plain.subscribe { state in
      last.withLock { last in
        for field in 0..<count {
          let value = fields[field](state)
          if value != last[field] {
            last[field] = value
            changed.add(1, ordering: .relaxed)
          }
        }
      }
    }
    let inline = client.store(
      for: Query<[Int], any Error>(["inline"]) { _ in [] }.enabled(false))
    inline.setCurrentValue(Array(repeating: 0, count: count))
    let inlineLast = SanitizerVisibleMutex([Int?](repeating: 0, count: count))
    let inlineChanged = Atomic(0)
    let inlineSubscription = inline.subscribe { state in
      inlineLast.withLock { last in
        for field in 0..<count {
          let value = state.currentValue?[field]
          if value != last[field] {
            last[field] = value
            inlineChanged.add(1, ordering: .relaxed)
          }
        }
      }
    }
    let projected = client.store(
      for: Query<[Int], any Error>(["projected"]) { _ in [] }.enabled(false))
    projected.setCurrentValue(Array(repeating: 0, count: count))
    let called = Atomic(0)
    let subscriptions = (0..<count).map { field in
      projected.subscribe(select: { $0.currentValue?[field] }) { _ in
        called.add(1, ordering: .relaxed)
      }
    }
    called.store(0, ordering: .relaxed)
    let (baseline, measured) = await Harness.bestInTurns(iterations: changes) {
      for change in 0..<changes { plain.withCurrentValue { $0?[change % count] += 1 } }
    } scenario: {
      for change in 0..<changes { projected.withCurrentValue { $0?[change % count] += 1 } }
    }
    // One handler per change, and the plain subscriber saw one changed field per change.
    precondition(called.load(ordering: .relaxed) == changed.load(ordering: .relaxed))
    Harness.compare(
      "a change → 1,000 projected subscribers, 1 called", measured,
      baseline: "1 subscriber taking 1,000 fields", baseline)
    Harness.line(
      "  target ≤ 1.2× (the same projections on both sides)",
      measured.wallSeconds <= 1.2 * baseline.wallSeconds ? "met" : "NOT met")
    let (inlined, measuredAgain) = await Harness.bestInTurns(iterations: changes) {
      for change in 0..<changes { inline.withCurrentValue { $0?[change % count] += 1 } }
    } scenario: {
      for change in 0..<changes { projected.withCurrentValue { $0?[change % count] += 1 } }
    }
    precondition(inlineChanged.load(ordering: .relaxed) > 0)
    Harness.compare(
      "  the same, for information (issue 27's literal baseline)", measuredAgain,
      baseline: "1 subscriber, 1,000 fields inline", inlined)
    withExtendedLifetime((subscription, inlineSubscription, subscriptions)) {}
  }
}

import Foundation
import PostsBrowser
import TetherCore
import TetherPersistence
import TetherSynchronization

/// `tether-bench persist`: snapshots of 10,000 stores and the cost of a persister per change.
extension PersistSuite {
  static func post(_ id: Int) -> Post {
    Post(
      id: id, title: "Post number \(id) about persisted caches",
      body: String(repeating: "A sentence of a post body, about this long. ", count: 10),
      tags: ["history", "crime"], reactions: Post.Reactions(likes: id % 97, dislikes: id % 13),
      views: id * 7, userId: id % 50)
  }

  static func postQuery(_ id: Int) -> some QueryRequest<Post, any Error> {
    Query<Post, any Error>(["post", id]) { _ in post(id) }.enabled(false)
  }

  /// A client holding `count` post stores with a value each.
  @concurrent
  static func clientWithPosts(_ count: Int) async throws -> OperationClient {
    let client = OperationClient()
    for id in 0..<count { _ = try await client.store(for: postQuery(id)).fetch() }
    return client
  }

  /// Snapshots of 10,000 stores: made and written, then restored from memory and from SQLite.
  /// The restores run once the client they were taken from is released, as at a launch, where
  /// no other client's 10,000 stores are in memory.
  ///
  /// The target, < 100 ms each way, is on the snapshot itself: `dehydrate` and
  /// `hydrate` with every store made, as TanStack's `dehydrate` and `hydrate`. The rows through
  /// the SQLite file (writing, reading, a new process) come after them with no target of their
  /// own: a launch's is the first page drawn from the cache (`launchFromCache`).
  @concurrent
  static func snapshots(in directory: URL) async throws {
    let file = directory.appendingPathComponent("snapshot.sqlite")
    let (snapshot, written) = try await dehydrations(writingTo: file)
    try await restores(of: snapshot, from: file, written: written)
  }

  /// Dehydrating 10,000 post stores against encoding the same posts as one JSON array, and
  /// writing them to SQLite; returns their snapshot and how long the write took.
  @concurrent
  static func dehydrations(writingTo file: URL) async throws -> (ClientSnapshot, Harness.Sample) {
    let count = rowCount
    let posts = (0..<count).map(post)
    let client = try await clientWithPosts(count)
    // In turns, as the restores below: a busy moment slows both sides.
    let (encoded, snapshotted) = try await Harness.bestInTurns(
      of: turns, iterations: count,
      baseline: {
        let data = try JSONEncoder().encode(posts)
        precondition(data.count > count * 100)
      },
      scenario: {
        let snapshot = client.dehydrate()
        precondition(snapshot.stores.count == count)
      })
    Harness.compare(
      "dehydrate 10,000 post stores", snapshotted, baseline: "JSONEncoder, the posts as one array",
      encoded)
    report(target: 0.1, snapshotted, "  target < 100 ms for 10,000 stores")

    // A full save to SQLite, read back by the launches below.
    let saved = await Harness.measure(iterations: count) {
      let persister = SQLitePersister(at: file)
      persister.save(
        SnapshotChanges(
          stores: client.dehydrate().stores, replacesAll: true, buster: "", savedAt: Date()))
      await persister.close()
    }
    return (client.dehydrate(), saved)
  }

  /// Restoring 10,000 stores, against decoding the same posts: hydrating `snapshot` and making
  /// every store, and launching from `file` (read, hydrate, make every store), in turns, so that
  /// a busy moment of the shared machine slows both rather than one; then the same launch in
  /// new processes.
  @concurrent
  static func restores(
    of snapshot: ClientSnapshot, from file: URL, written: Harness.Sample
  ) async throws {
    let count = rowCount
    let json = try JSONEncoder().encode((0..<count).map(post))
    let decoded = try await Harness.best(of: 5, iterations: count) {
      let posts = try JSONDecoder().decode([Post].self, from: json)
      precondition(posts.count == count)
    }
    // Each client is made before and released after its timed block, before the next is
    // made: tearing 10,000 stores down is not part of restoring them. Closing is timed apart:
    // it is not part of a launch, and after a restore it only finds that every store still
    // holds what was written.
    var hydrated: Harness.Sample?
    var launched: Harness.Sample?
    var closed: Harness.Sample?
    for _ in 0..<turns {
      do {
        let restored = OperationClient()
        let hydration = await Harness.measure(iterations: count) {
          restored.hydrate(snapshot)
          for id in 0..<count { precondition(restored.store(for: postQuery(id)).state.hasValue) }
        }
        hydrated = hydration.faster(than: hydrated)
      }
      do {
        let launchedClient = OperationClient()
        let box = PersistenceBox()
        let launching = await Harness.measure(iterations: count) {
          box.persistence = await launch(launchedClient, from: file)
        }
        let closing = await Harness.measure(iterations: count) { await box.persistence?.close() }
        launched = launching.faster(than: launched)
        closed = closing.faster(than: closed)
      }
    }
    guard let hydrated, let launched, let closed else { return }
    Harness.compare(
      "hydrate + make 10,000 post stores", hydrated,
      baseline: "JSONDecoder, the posts as one array", decoded)
    report(target: 0.1, hydrated, "  target < 100 ms for 10,000 stores")

    Harness.heading("persist: the same snapshot through the SQLite file (no target of its own)")
    Harness.line(
      "dehydrate + write 10,000 stores to SQLite",
      Harness.formatDuration(written.wallSeconds) + " in all")
    Harness.compare(
      "read SQLite + hydrate + make 10,000 stores", launched,
      baseline: "hydrate + make, from memory", hydrated)
    Harness.line(
      "  then close (every store checked, none written)",
      Harness.formatDuration(closed.wallSeconds) + " in all")
    do {
      let cold = try coldLaunches(from: file)
      Harness.compare(
        "the same, each in a new process", cold, baseline: "in this process", launched)
      Harness.line(
        "  in all",
        Harness.formatDuration(launched.wallSeconds) + " in this process, "
          + Harness.formatDuration(cold.wallSeconds) + " in a new one")
    } catch {
      Harness.line("the same, each in a new process", "\(error)")
    }
    Harness.line(
      "  the targets",
      "the snapshot's are the two rows above; a launch's is its first page, below")
  }

  /// How many samples each restore row takes its best of.
  static let turns = 8

  /// Restores `client` from `file` and makes every store, as a launch does.
  static func launch(_ client: OperationClient, from file: URL) async -> ClientPersistence {
    let persistence = await ClientPersistence.start(client, persister: SQLitePersister(at: file))
    precondition(persistence.restoration.restoredCount == rowCount)
    for id in 0..<rowCount { precondition(client.store(for: postQuery(id)).state.hasValue) }
    return persistence
  }

  /// Hands the persistence a measured block started to the code that closes it, untimed.
  final class PersistenceBox: Sendable {
    private let value = SanitizerVisibleMutex<ClientPersistence?>(nil)

    var persistence: ClientPersistence? {
      get { value.withLock { $0 } }
      set { value.withLock { $0 = newValue } }
    }
  }

  /// The cost a persister adds to each fetch: every change is noted, and the throttle writes
  /// the changed store once a second, against the same fetches with no persister.
  @concurrent
  static func costPerChange(in directory: URL) async throws {
    // Many short rounds rather than a few long ones: a busy moment of the shared machine then
    // spoils fewer pairs, and the median passes over them.
    let count = 50_000
    let rounds = 40
    let body: @Sendable (OperationContext) async throws -> Post = { _ in post(1) }
    let plain = OperationClient()
    let plainStore = plain.store(for: Query(["post", 1], fetch: body).enabled(false))
    let other = OperationClient()
    let otherStore = other.store(for: Query(["post", 1], fetch: body).enabled(false))
    let kept = OperationClient()
    let persistence = await ClientPersistence.start(
      kept, persister: SQLitePersister(at: directory.appendingPathComponent("changes.sqlite")))
    let keptStore = kept.store(for: Query(["post", 1], fetch: body).enabled(false))
    let fetches: @Sendable (OperationStore<QueryState<Post, any Error>>) async throws -> Void = {
      store in for _ in 0..<count { _ = try await store.fetch() }
    }
    let withPersister = try await Harness.paired(
      rounds: rounds, iterations: count, { try await fetches(keptStore) },
      baseline: { try await fetches(plainStore) })
    // The same comparison of two stores without a persister: how far apart two equal sides
    // come out on this machine.
    let control = try await Harness.paired(
      rounds: rounds, iterations: count, { try await fetches(otherStore) },
      baseline: { try await fetches(plainStore) })
    await persistence.close()
    // Each side's fastest round, which the shared machine's busy moments spread far apart;
    // the target is on the paired median below.
    Harness.compare(
      "store.fetch() ×50,000, persister (fastest)", withPersister,
      baseline: "no persister (fastest)")
    Harness.line(
      "  target < 5% of a fetch",
      String(
        format: "median of 40 paired rounds: wall %+.1f%% (two stores without one: %+.1f%%)",
        (withPersister.median - 1) * 100, (control.median - 1) * 100)
        + " — " + (withPersister.median < 1.05 ? "met" : "NOT met"))
    Harness.line(
      "  the same in CPU time, every thread's",
      String(
        format: "median %+.1f%% (two stores without one: %+.1f%%)",
        (withPersister.cpuMedian - 1) * 100, (control.cpuMedian - 1) * 100))
  }

  static func report(target seconds: Double, _ sample: Harness.Sample, _ label: String) {
    Harness.line(
      label,
      Harness.formatDuration(sample.wallSeconds) + " — "
        + (sample.wallSeconds < seconds ? "met" : "NOT met"))
  }
}

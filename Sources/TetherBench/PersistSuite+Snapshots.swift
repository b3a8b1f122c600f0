import Foundation
import PostsBrowser
import TetherCore
import TetherPersistence

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

  @concurrent
  static func snapshots(in directory: URL) async throws {
    let count = rowCount
    let posts = (0..<count).map(post)
    let client = try await clientWithPosts(count)

    // Snapshot: every store dehydrated, against encoding the same posts as one JSON array.
    let encoded = try await Harness.best(iterations: count) {
      let data = try JSONEncoder().encode(posts)
      precondition(data.count > count * 100)
    }
    let snapshotted = await Harness.best(iterations: count) {
      let snapshot = client.dehydrate()
      precondition(snapshot.stores.count == count)
    }
    Harness.compare(
      "dehydrate 10,000 post stores", snapshotted, baseline: "JSONEncoder, the posts as one array",
      encoded)
    report(target: 0.1, snapshotted, "  target < 100 ms for 10,000 stores")

    // Restore: hydrate and make every store, against decoding the same posts.
    let snapshot = client.dehydrate()
    let json = try JSONEncoder().encode(posts)
    let decoded = try await Harness.best(iterations: count) {
      let posts = try JSONDecoder().decode([Post].self, from: json)
      precondition(posts.count == count)
    }
    let restored = await Harness.best(iterations: count) {
      let fresh = OperationClient()
      fresh.hydrate(snapshot)
      for id in 0..<count { precondition(fresh.store(for: postQuery(id)).state.hasValue) }
    }
    Harness.compare(
      "hydrate + make 10,000 post stores", restored,
      baseline: "JSONDecoder, the posts as one array",
      decoded)
    report(target: 0.1, restored, "  target < 100 ms for 10,000 stores")

    // From disk and back: a full save to SQLite and a launch that reads it.
    let file = directory.appendingPathComponent("snapshot.sqlite")
    let saved = await Harness.best(of: 1, iterations: count) {
      let persister = SQLitePersister(at: file)
      persister.save(
        SnapshotChanges(
          stores: client.dehydrate().stores, replacesAll: true, buster: "", savedAt: Date()))
      await persister.close()
    }
    Harness.line(
      "dehydrate + write 10,000 stores to SQLite",
      Harness.formatDuration(saved.wallSeconds) + " in all")
    let launched = await Harness.best(iterations: count) {
      let fresh = OperationClient()
      let persistence = await ClientPersistence.start(fresh, persister: SQLitePersister(at: file))
      precondition(persistence.restoration.restoredCount == count)
      for id in 0..<count { precondition(fresh.store(for: postQuery(id)).state.hasValue) }
      await persistence.close()
    }
    Harness.compare(
      "read SQLite + hydrate + make 10,000 stores", launched,
      baseline: "JSONDecoder, the posts as one array", decoded)
    report(target: 0.1, launched, "  target < 100 ms for 10,000 stores")
  }

  /// The cost a persister adds to each fetch: every change is noted, and the throttle writes
  /// the changed store once a second, against the same fetches with no persister.
  @concurrent
  static func costPerChange(in directory: URL) async throws {
    let count = 100_000
    let body: @Sendable (OperationContext) async throws -> Post = { _ in post(1) }
    let plain = OperationClient()
    let plainStore = plain.store(for: Query(["post", 1], fetch: body).enabled(false))
    let kept = OperationClient()
    let persistence = await ClientPersistence.start(
      kept, persister: SQLitePersister(at: directory.appendingPathComponent("changes.sqlite")))
    let keptStore = kept.store(for: Query(["post", 1], fetch: body).enabled(false))
    // Alternating in ABBA order, so both see the same machine and neither always runs second;
    // the best of 10 each, as the machine is shared.
    // The best wall time and, apart, the best CPU time of each: the process's CPU time counts
    // the persister's own writes on its worker, and is less shaken by other processes.
    var without: (wall: Harness.Sample, cpu: Harness.Sample)?
    var with: (wall: Harness.Sample, cpu: Harness.Sample)?
    for round in 0..<10 {
      for kept in round % 2 == 0 ? [false, true] : [true, false] {
        let store = kept ? keptStore : plainStore
        let sample = try await Harness.measure(iterations: count) {
          for _ in 0..<count { _ = try await store.fetch() }
        }
        var best = (kept ? with : without) ?? (sample, sample)
        if sample.wallSeconds < best.wall.wallSeconds { best.wall = sample }
        if sample.cpuSeconds < best.cpu.cpuSeconds { best.cpu = sample }
        if kept { with = best } else { without = best }
      }
    }
    await persistence.close()
    guard let with, let without else { return }
    Harness.compare(
      "store.fetch() ×100,000, persister attached", with.wall, baseline: "no persister",
      without.wall)
    let wall = with.wall.wallPerIteration / without.wall.wallPerIteration
    let cpu = with.cpu.cpuPerIteration / without.cpu.cpuPerIteration
    Harness.line(
      "  target < 5% of a fetch",
      String(format: "wall %+.1f%%, CPU %+.1f%%", (wall - 1) * 100, (cpu - 1) * 100) + " ("
        + Harness.formatDuration(with.cpu.cpuPerIteration) + " vs "
        + Harness.formatDuration(without.cpu.cpuPerIteration) + " CPU a fetch) — "
        + (wall < 1.05 && cpu < 1.05 ? "met" : "NOT met"))
  }

  static func report(target seconds: Double, _ sample: Harness.Sample, _ label: String) {
    Harness.line(
      label,
      Harness.formatDuration(sample.wallSeconds) + " — "
        + (sample.wallSeconds < seconds ? "met" : "NOT met"))
  }
}

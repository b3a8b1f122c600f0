import Foundation
import PostsService

#if canImport(Glibc)
  import Glibc
#endif

extension ServerSuite {
  /// A normal client's latency with no other clients, then while 2,000 slow clients (one byte
  /// every 5 s, reconnecting when cut off) are connected; threads and memory alongside.
  @concurrent
  static func slowClientLatency() async throws {
    let server = try PostsServer.start()
    defer { Task { await server.shutdown() } }
    let path = "/posts/1"
    _ = await LatencySample.measure(port: server.port, path: path, for: .seconds(1))
    // The least disturbed of three idle windows: on a shared machine a window can catch another
    // process's burst, and the baseline should not flatter the attack figures.
    var idle = await LatencySample.measure(port: server.port, path: path, for: .seconds(3))
    for _ in 0..<2 {
      let window = await LatencySample.measure(port: server.port, path: path, for: .seconds(3))
      if window.percentile(0.99) < idle.percentile(0.99) { idle = window }
    }
    let before = try ProcessUsage(of: getpid())

    let attack = SlowClientAttack(port: server.port, count: 2000, interval: .seconds(5))
    attack.start()
    let underAttack = await LatencySample.measure(port: server.port, path: path, for: .seconds(30))
    let during = try ProcessUsage(of: getpid())
    let connected = attack.connected.load(ordering: .relaxed)
    let reconnections = attack.reconnections.load(ordering: .relaxed)
    attack.stop()

    let late = underAttack.from(.seconds(20))
    Harness.line(
      "normal client, idle",
      "p50 \(micro(idle.percentile(0.5))), p99 \(micro(idle.percentile(0.99))), "
        + "max \(micro(idle.maximum)) (\(idle.latencies.count) requests)")
    Harness.line(
      "  with 2,000 slow clients (0–30 s)",
      "p50 \(micro(underAttack.percentile(0.5))), p99 \(micro(underAttack.percentile(0.99))), "
        + "max \(micro(underAttack.maximum)), \(underAttack.failures) failed")
    Harness.line(
      "  with 2,000 slow clients (20–30 s)",
      "p50 \(micro(late.percentile(0.5))), p99 \(micro(late.percentile(0.99))), "
        + "max \(micro(late.maximum)); over 2 s: \(late.latencies.filter { $0 > .seconds(2) }.count) "
        + "of \(late.latencies.count)")
    Harness.line(
      "  p99 ratio (20–30 s vs idle)",
      String(
        format: "%.2f× (target ≤ 5×)",
        late.percentile(0.99).seconds / max(idle.percentile(0.99).seconds, 1e-9)))
    Harness.line(
      "  slow clients connected / reconnected",
      "\(connected) at 30 s; \(reconnections) reconnections after the header deadline")
    Harness.line(
      "  threads, resident memory",
      "\(before.contextSwitches.count) → \(during.contextSwitches.count) threads (the attacker "
        + "adds 1); \(before.residentBytes >> 20) → \(during.residentBytes >> 20) MB")
  }

  /// The cost of deeply nested JSON bodies, refused with 400, next to a small valid write.
  @concurrent
  static func nestedJSONCost() async throws {
    let server = try PostsServer.start()
    defer { Task { await server.shutdown() } }
    let port = server.port
    let valid = Array(#"{"title":"Hello","userId":1,"body":"A small post."}"#.utf8)
    let arrays = Array(
      (String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
    let objects = Array(
      (String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)).utf8)
    let count = 200
    func run(_ body: [UInt8], expecting status: Int) async throws -> Harness.Sample {
      try await Harness.best(of: 3, iterations: count) {
        let client = try KeepAliveClient(port: port)
        for _ in 0..<count {
          let got = try client.send("POST", "/posts/add", json: body)
          guard got == status else {
            throw KeepAliveClient.Failure(description: "status \(got), expected \(status)")
          }
        }
      }
    }
    let baseline = try await run(valid, expecting: 201)
    for (name, body) in [
      ("512 nested arrays (1 KiB) → 400", arrays), ("512 nested objects (3 KiB) → 400", objects),
    ] {
      let sample = try await run(body, expecting: 400)
      Harness.compare(name, sample, baseline: "small valid POST → 201", baseline)
      Harness.line(
        "  CPU per request", "\(Harness.formatDuration(sample.cpuPerIteration)) (target ≤ 100 ms)")
    }
  }

  /// Resident memory after 300 POSTs with 1 MiB titles, after 300 small ones, and after 3,000
  /// POSTs with the largest stored fields (the created-post cap keeps 1,000); then, over those
  /// 1,000 posts of 16 KiB bodies, the cost of a search built to be slow and of sorting by body.
  /// Freed request buffers of this size go back to the system at once (glibc maps them
  /// separately), so what stays is what the server keeps.
  @concurrent
  static func writeMemory() async throws {
    func fill(
      _ server: PostsServer, posts: Int, title: Int, body: Int
    ) throws -> (megabytes: Double, statuses: Set<Int>) {
      let client = try KeepAliveClient(port: server.port)
      let json = Array(
        (#"{"userId":1,"title":""# + String(repeating: "t", count: title) + #"","body":""#
          + String(repeating: "b", count: body) + #""}"#).utf8)
      let before = try ProcessUsage(of: getpid()).anonymousBytes
      var statuses: Set<Int> = []
      for _ in 0..<posts { statuses.insert(try client.send("POST", "/posts/add", json: json)) }
      let after = try ProcessUsage(of: getpid()).anonymousBytes
      return (Double(after - before) / 1_048_576, statuses)
    }
    func fresh(_ body: (PostsServer) throws -> (megabytes: Double, statuses: Set<Int>)) throws
      -> (megabytes: Double, statuses: Set<Int>)
    {
      let server = try PostsServer.start()
      defer { Task { await server.shutdown() } }
      return try body(server)
    }
    let small = try fresh { try fill($0, posts: 300, title: 5, body: 0) }
    let huge = try fresh { try fill($0, posts: 300, title: 1024 * 1024 - 100, body: 0) }
    Harness.line(
      "300 POSTs with 1 MiB titles",
      String(
        format: "RSS +%.1f MB, statuses %@ (target ≤ 128 MB); 300 small POSTs: +%.1f MB",
        huge.megabytes, "\(huge.statuses.sorted())", small.megabytes))

    let server = try PostsServer.start()
    defer { Task { await server.shutdown() } }
    let largest = try fill(server, posts: 3000, title: 1024, body: 16 * 1024)
    Harness.line(
      "3,000 POSTs with 1 KiB titles, 16 KiB bodies",
      String(
        format: "RSS +%.1f MB (1,000 kept), statuses %@", largest.megabytes,
        "\(largest.statuses.sorted())"))
    let port = server.port
    let search = "/posts/search?limit=1&q=" + String(repeating: "b", count: 1000) + "c"
    for (name, path) in [
      ("  search for b…bc (1 KiB) in them", search),
      ("  sort them by body", "/posts?sortBy=body&limit=1"),
      ("  baseline: GET /posts?limit=1", "/posts?limit=1"),
    ] {
      let sample = try await Harness.best(of: 3, iterations: 20) {
        let client = try KeepAliveClient(port: port)
        for _ in 0..<20 { _ = try client.get(path) }
      }
      Harness.line(name, "\(Harness.formatDuration(sample.cpuPerIteration)) CPU per request")
    }
  }

  private static func micro(_ duration: Duration) -> String {
    Harness.formatDuration(duration.seconds)
  }
}

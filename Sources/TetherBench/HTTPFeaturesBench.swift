import Foundation
import Synchronization
import TetherCore
import TetherHTTP
import TetherJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The http suite's rows for conditional requests and transfer progress, each against a
/// baseline measured in the same run over the same loopback server and transport:
/// - a query's revalidation answered `304` against a full `200` of a 100 KB feed page
///   (target < 0.2×);
/// - a 100 MB download with progress reported against the same download without (< 1.05×);
/// - a stream of 200,000 small events: how many a second, and no growth in memory.
enum HTTPFeaturesBench {
  static func run() async throws {
    Harness.heading("http: conditional requests and transfer progress over loopback")
    try await revalidation()
    try await progress()
    try await streams()
  }

  /// A feed page of `count` posts of dummyjson's shape, about 1 KB each.
  static func feedPage(count: Int) -> Data {
    let body = String(
      repeating: "He was an expert but not in a discipline that anyone could fully comprehend. ",
      count: 11)
    let posts = (1...count).map { id in
      #"{"id":\#(id),"title":"Post \#(id)","body":"\#(body)","tags":["history","crime"],"#
        + #""reactions":{"likes":\#(id),"dislikes":1},"views":\#(id * 3),"userId":\#(id % 50)}"#
    }
    return Data(
      (#"{"posts":["# + posts.joined(separator: ",")
        + #"],"total":\#(count),"skip":0,"limit":\#(count)}"#)
        .utf8)
  }

  struct Feed: Decodable, Sendable {
    struct Post: Decodable, Sendable {
      var id: Int
      var title: String
      var body: String
      var tags: [String]
      var views: Int
      var userId: Int
    }
    var posts: [Post]
  }

  @concurrent
  static func revalidation() async throws {
    let page = feedPage(count: 100)
    let server = try HTTPBenchServer(body: page, entityTag: "\"feed-1\"")
    defer { server.stop() }
    let curl = CurlTransport(configuration: .init(storesCookies: false, proxies: .none))
    var full = APIClient(baseURL: server.url, transport: curl)
    full.validators = nil
    let conditional = APIClient(baseURL: server.url, transport: curl)
    let operations = OperationClient()
    let endpoint = Endpoint<Feed>(.get, "posts")
    let fullStore = operations.store(for: full.query(endpoint, path: ["bench", "full"]))
    let conditionalStore = operations.store(
      for: conditional.query(endpoint, path: ["bench", "conditional"]))
    try await conditionalStore.fetch()  // the first answer, whose tag is remembered
    let iterations = 500
    let (baseline, scenario) = try await Harness.bestInTurns(
      iterations: iterations,
      baseline: {
        for _ in 0..<iterations {
          guard try await fullStore.refetch().posts.count == 100 else { throw Unexpected() }
        }
      },
      scenario: {
        for _ in 0..<iterations {
          guard try await conditionalStore.refetch().posts.count == 100 else {
            throw Unexpected()
          }
        }
      })
    Harness.line("feed page", "\(page.count) bytes, 100 posts, ETag, keep-alive")
    Harness.compare("query refetch answered 304", scenario, baseline: "full 200 + decode", baseline)
    let ratio = scenario.wallPerIteration / baseline.wallPerIteration
    let cpuRatio = scenario.cpuPerIteration / baseline.cpuPerIteration
    Harness.line(
      "304 revalidation target",
      String(
        format: "wall %.3f×, CPU %.3f× (< 0.2× %@)", ratio, cpuRatio, ratio < 0.2 ? "✓" : "✗"))
  }

  @concurrent
  static func progress() async throws {
    let size = 100 << 20
    let server = try HTTPBenchServer(body: Data(repeating: 0x61, count: size))
    defer { server.stop() }
    let curl = CurlTransport(configuration: .init(storesCookies: false, proxies: .none))
    var api = APIClient(baseURL: server.url, transport: curl)
    api.defaults.maximumResponseSize = size
    let client = api
    var endpoint = Endpoint<Int>(.get, "big") { data, _ in data.count }
    // Not JSON, which the client leaves to this parser, but over the default size limit.
    endpoint.jsonLimits = JSONLimits(maximumSize: size)
    let download = endpoint
    let reports = ReportCounter()
    // Paired ABBA rounds, the median of the ratios within rounds: a 100 MB loopback download
    // takes ~50 ms, and on a shared machine the best of five of each side, taken apart, was
    // anywhere from 0.91× to 1.43× of the other.
    let rounds = 21
    let paired = try await Harness.paired(
      rounds: rounds, iterations: 1,
      {
        let count = try await client.send(download) { _ in reports.add() }
        guard count == size else { throw Unexpected() }
      },
      baseline: {
        guard try await client.send(download) == size else { throw Unexpected() }
      })
    // One more download, alone, to count its reports against its own duration.
    let before = reports.count
    let start = ContinuousClock.now
    _ = try await client.send(download) { _ in reports.add() }
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    let rate = Double(reports.count - before) / seconds
    Harness.compare(
      "100 MB download with progress (best)", paired, baseline: "the same without")
    Harness.line(
      "progress target",
      String(
        format:
          "median of %d paired rounds: wall %.3f× (< 1.05× %@), CPU %.3f×; %.0f reports a second (≤ 30 %@)",
        rounds, paired.median, paired.median < 1.05 ? "✓" : "✗", paired.cpuMedian, rate,
        rate <= 30.5 ? "✓" : "✗"))
  }

  /// One small event of the stream row.
  struct Tick: Decodable, Sendable {
    var id: Int
  }

  /// 200,000 JSON lines read as events over loopback as fast as they come, with the process's
  /// resident memory after the first tenth and at the end: a stream read event by event must
  /// not grow with its length (the transfer pauses while the reader is 256 KiB behind).
  @concurrent
  static func streams() async throws {
    let count = 200_000
    var text = ""
    text.reserveCapacity(count * 16)
    for id in 0..<count { text += #"{"id":\#(id)}"# + "\n" }
    let server = try HTTPBenchServer(body: Data(text.utf8))
    defer { server.stop() }
    let curl = CurlTransport(configuration: .init(storesCookies: false, proxies: .none))
    let api = APIClient(baseURL: server.url, transport: curl)
    let endpoint = StreamEndpoint<Tick>(.get, "ticks", format: .jsonLines)
    // A first pass warms the connection and the allocator.
    for try await _ in api.events(endpoint, reconnects: false) {}
    let before = residentKiB()
    var atTenth = 0
    var seen = 0
    let start = ContinuousClock.now
    for try await tick in api.events(endpoint, reconnects: false) {
      guard tick.id == seen else { throw Unexpected() }
      seen += 1
      if seen == count / 10 { atTenth = residentKiB() }
    }
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    let growth = residentKiB() - atTenth
    Harness.line(
      "stream of 200,000 JSON lines",
      String(
        format:
          "%.0f events a second (≥ 10,000 %@); resident +%d KiB after 20,000, +%d KiB more by 200,000 (< 1 MiB %@)",
        Double(seen) / seconds, Double(seen) / seconds >= 10_000 ? "✓" : "✗", atTenth - before,
        growth, growth < 1024 ? "✓" : "✗"))
  }

  /// The process's resident memory (VmRSS), in KiB.
  static func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  struct Unexpected: Error {}

  final class ReportCounter: Sendable {
    private let reports = Atomic<Int>(0)
    func add() { reports.add(1, ordering: .relaxed) }
    var count: Int { reports.load(ordering: .relaxed) }
  }
}

import Foundation
import PostsBrowser
import TetherCore
import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `tether-bench http`: GET + JSON decode of a 10-post page from a loopback server, through raw
/// URLSession + JSONDecoder (the baseline), through `APIClient` over `URLSessionTransport` and
/// over `CurlTransport`, through raw `CurlTransport`, and through an operation store on top of
/// the client, sequentially and 16-way concurrently. Then the cost of hostile JSON
/// (``HostileJSONBench``) and of waiting on a silent server (``SilentServerBench``).
///
/// Client CPU per request is the process's CPU (getrusage) minus the CPU of the in-process
/// server's threads (their per-thread CPU clocks), divided by the requests. Scenarios run
/// in rotating order, several times each; the lowest CPU and the best throughput of each are
/// kept, as the least disturbed on a shared machine. A second copy of the baseline shows the
/// noise floor, and a last comparison runs the client over an in-memory transport against
/// decoding alone, which isolates the client's own cost per request.
enum HTTPSuite {
  static let requests = 2_000
  static let concurrency = 16
  static let repetitions = 7

  static func run() async throws {
    let server = try HTTPBenchServer()
    defer { server.stop() }
    try await measure(against: server)
  }

  struct UnexpectedPage: Error {}

  /// One way of fetching the page; `fetch` is given the number of the worker calling it.
  struct Scenario: Sendable {
    var name: String
    var fetch: @Sendable (_ worker: Int) async throws -> Void
  }

  /// The best of the repetitions of one scenario.
  struct Result {
    var requestsPerSecond = 0.0
    var cpuPerRequest = Double.infinity
  }

  @concurrent
  static func measure(against server: HTTPBenchServer) async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = concurrency
    let session = URLSession(configuration: configuration)
    let pageURL = server.url.appendingPathComponent("posts")
    let url = URL(string: pageURL.absoluteString + "?limit=10&skip=0")!
    let decoder = JSONDecoder()

    let client = APIClient(
      baseURL: server.url, decoder: decoder,
      transport: URLSessionTransport(configuration: configuration))
    let curl = CurlTransport(
      configuration: .init(
        maximumConnectionsPerHost: concurrency, storesCookies: false, proxies: .none))
    let curlClient = APIClient(baseURL: server.url, decoder: decoder, transport: curl)
    let endpoint = Endpoint<PostsPage>(
      .get, "posts",
      query: [URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "skip", value: "0")])

    // One store per worker, so concurrent fetches are separate requests, not one shared run.
    let operations = OperationClient()
    let stores = (0..<concurrency).map { worker in
      operations.store(for: curlClient.query(endpoint, path: ["posts", "bench", worker]))
    }

    let scenarios = [
      Scenario(name: "raw URLSession + JSONDecoder") { _ in
        let (data, response) = try await session.data(for: URLRequest(url: url))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw UnexpectedPage() }
        let page = try decoder.decode(PostsPage.self, from: data)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
      // The same code again: how far apart two identical scenarios land on this machine.
      Scenario(name: "raw again (noise floor)") { _ in
        let (data, response) = try await session.data(for: URLRequest(url: url))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw UnexpectedPage() }
        let page = try decoder.decode(PostsPage.self, from: data)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
      Scenario(name: "APIClient over URLSessionTransport") { _ in
        let page = try await client.send(endpoint)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
      Scenario(name: "raw CurlTransport + JSONDecoder") { _ in
        let response = try await curl.send(URLRequest(url: url))
        guard response.statusCode == 200 else { throw UnexpectedPage() }
        let page = try decoder.decode(PostsPage.self, from: response.body)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
      Scenario(name: "APIClient over CurlTransport") { _ in
        let page = try await curlClient.send(endpoint)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
      Scenario(name: "OperationStore, APIClient, Curl") { worker in
        let page = try await stores[worker].fetch()
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      },
    ]

    Harness.heading("http: \(requests) GETs + JSON decode of a 10-post page over loopback")
    Harness.line(
      "page", "\(HTTPBenchServer.body.count) bytes, keep-alive, server in-process on its threads")
    Harness.line(
      "client CPU", "getrusage(RUSAGE_SELF) minus the server threads' CPU clocks, per request")
    for parallelism in [1, concurrency] {
      let mode = parallelism == 1 ? "sequential" : "\(parallelism)-way concurrent"
      for scenario in scenarios {
        try await perform(requests / 4, parallelism: parallelism, scenario.fetch)  // warm-up
      }
      var results = Array(repeating: Result(), count: scenarios.count)
      for repetition in 0..<repetitions {
        // Rotate the order so no scenario always runs right after another.
        for offset in scenarios.indices {
          let index = (repetition + offset) % scenarios.count
          let scenario = scenarios[index]
          let serverBefore = server.cpuSeconds()
          let sample = try await Harness.measure(iterations: requests) {
            try await perform(requests, parallelism: parallelism, scenario.fetch)
          }
          let clientCPU = sample.cpuSeconds - (server.cpuSeconds() - serverBefore)
          results[index].requestsPerSecond = max(
            results[index].requestsPerSecond, sample.iterationsPerSecond)
          results[index].cpuPerRequest = min(
            results[index].cpuPerRequest, clientCPU / Double(requests))
        }
      }
      report(mode: mode, scenarios: scenarios, results: results)
    }
    try await measurePipeline(endpoint: endpoint, decoder: decoder)
    try await HostileJSONBench.run()
    try await SilentServerBench.run()
    try await HTTPFeaturesBench.run()
  }

  /// A transport that answers every request with the same page, without I/O.
  struct CannedTransport: HTTPTransport {
    let response = HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json"], body: HTTPBenchServer.body)

    func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
      response
    }
  }

  /// The client's own cost: `send` over an in-memory transport against decoding alone.
  @concurrent
  static func measurePipeline(endpoint: Endpoint<PostsPage>, decoder: JSONDecoder) async throws {
    let iterations = 20_000
    let body = HTTPBenchServer.body
    let client = APIClient(
      baseURL: URL(string: "http://127.0.0.1:8080")!, decoder: decoder,
      transport: CannedTransport())
    let decodeOnly = try await Harness.best(of: repetitions, iterations: iterations) {
      for _ in 0..<iterations {
        let page = try decoder.decode(PostsPage.self, from: body)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      }
    }
    let pipeline = try await Harness.best(of: repetitions, iterations: iterations) {
      for _ in 0..<iterations {
        let page = try await client.send(endpoint)
        guard page.posts.count == 10 else { throw UnexpectedPage() }
      }
    }
    Harness.compare(
      "APIClient.send, in-memory transport", pipeline, baseline: "JSONDecoder alone", decodeOnly)
    Harness.line(
      "client pipeline overhead",
      Harness.formatDuration(pipeline.cpuPerIteration - decodeOnly.cpuPerIteration) + "/req CPU")
  }

  /// Runs `count` fetches, `parallelism` at a time.
  @concurrent
  static func perform(
    _ count: Int, parallelism: Int, _ fetch: @escaping @Sendable (Int) async throws -> Void
  ) async throws {
    if parallelism == 1 {
      for _ in 0..<count { try await fetch(0) }
      return
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<parallelism {
        let share = count / parallelism + (worker < count % parallelism ? 1 : 0)
        group.addTask {
          for _ in 0..<share { try await fetch(worker) }
        }
      }
      try await group.waitForAll()
    }
  }

  static func report(mode: String, scenarios: [Scenario], results: [Result]) {
    let baseline = results[0]
    for (scenario, result) in zip(scenarios, results) {
      var text =
        Harness.pad(String(format: "%.0f req/s", result.requestsPerSecond), 14)
        + "client CPU " + Harness.pad(Harness.formatDuration(result.cpuPerRequest) + "/req", 14)
      if scenario.name != scenarios[0].name {
        text += String(
          format: "CPU ratio %.3f×   throughput ratio %.3f×",
          result.cpuPerRequest / baseline.cpuPerRequest,
          result.requestsPerSecond / baseline.requestsPerSecond)
      }
      Harness.line("\(mode): \(scenario.name)", text)
    }
    if let curl = zip(scenarios, results).first(where: {
      $0.0.name == "APIClient over CurlTransport"
    }) {
      let throughput = curl.1.requestsPerSecond / baseline.requestsPerSecond
      let cpu = curl.1.cpuPerRequest / baseline.cpuPerRequest
      Harness.line(
        "\(mode): CurlTransport targets",
        String(
          format: "throughput %.2f× (≥ 2× %@), client CPU %.2f× (≤ 0.5× %@)", throughput,
          throughput >= 2 ? "✓" : "✗", cpu, cpu <= 0.5 ? "✓" : "✗"))
    }
  }
}

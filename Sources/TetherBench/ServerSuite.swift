import Foundation
import PostsService
import Synchronization
import TetherSynchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `tether-bench server`: requests per second for `GET /posts?limit=10` over loopback with
/// keep-alive, from 1 and 16 concurrent clients, against the in-process `PostsServer` and, as the
/// baseline, against Python's `http.server` serving a file with the same body; then a normal
/// client's latency under a 2,000-connection slowloris attack against its latency alone, the
/// cost of deeply nested JSON bodies against a plain write, and the memory that oversized and
/// maximal writes leave behind.
///
/// Both servers get the same small raw-socket client (one OS thread per connection, blocking
/// I/O), so neither side is measured through a different client. Python's server is made fair:
/// HTTP/1.1 (it defaults to HTTP/1.0, one connection per request), `ThreadingHTTPServer`, no
/// per-request logging, and Nagle's algorithm off (it writes headers and body separately, which
/// otherwise stalls on delayed ACKs).
enum ServerSuite {
  static let path = "/posts?limit=10"

  static func run() async throws {
    Harness.heading("server: GET \(path), keep-alive over loopback")
    let server = try PostsServer.start()
    let body = try KeepAliveClient(port: server.port).get(path)
    let python = try PythonFileServer(serving: body, at: "posts")
    defer { python.stop() }
    Harness.line("response body", "\(body.count) bytes from both servers")

    for (clients, requestsPerClient) in [(1, 4000), (16, 1000)] {
      let ours = try await measure(port: server.port, clients: clients, requests: requestsPerClient)
      let baseline = try await measure(
        port: python.port, clients: clients, requests: requestsPerClient)
      Harness.compare(
        "PostsServer, \(clients) client\(clients == 1 ? "" : "s")", ours,
        baseline: "python3 http.server", baseline)
      Harness.line(
        "  requests/s",
        String(
          format: "%.0f vs %.0f python: %.2f× python", ours.iterationsPerSecond,
          baseline.iterationsPerSecond, ours.iterationsPerSecond / baseline.iterationsPerSecond))
    }
    await server.shutdown()

    Harness.heading("server: a normal client while 2,000 slow clients trickle their heads")
    try await slowClientLatency()
    Harness.heading("server: hostile and large writes")
    try await nestedJSONCost()
    try await writeMemory()
  }

  /// The best of three runs of `clients` keep-alive connections making `requests` each.
  @concurrent
  private static func measure(port: Int, clients: Int, requests: Int) async throws
    -> Harness.Sample
  {
    // Warm-up: connection set-up, thread stacks and the server's first requests.
    try await runClients(port: port, clients: clients, requests: requests / 10)
    return try await Harness.best(of: 3, iterations: clients * requests) {
      try await runClients(port: port, clients: clients, requests: requests)
    }
  }

  /// Runs `clients` threads, each sending `requests` sequential requests on its own keep-alive
  /// connection, and returns when all are done; throws the first failure.
  private static func runClients(port: Int, clients: Int, requests: Int) async throws {
    let failure = SanitizerVisibleMutex<(any Error)?>(nil)
    let remaining = Atomic<Int>(clients)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let done = SanitizerVisibleMutex<CheckedContinuation<Void, Never>?>(done)
      for _ in 0..<clients {
        Thread.detachNewThread {
          do {
            let client = try KeepAliveClient(port: port)
            for _ in 0..<requests {
              _ = try client.get(path)
            }
          } catch {
            failure.withLock { $0 = $0 ?? error }
          }
          if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            done.withLock { $0.take() }?.resume()
          }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }
}

import Foundation
import PostsBrowser
import TetherCore
import TetherHTTP
import TetherJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// What deeply nested JSON costs, per KiB of body, through `APIClient.send` over an in-memory
/// transport, against decoding a well-formed page of the same API (target: ≤ 1 ms per KiB).
///
/// Nesting costs are Foundation's: `JSONDecoder` builds a coding path per level, and a type
/// that decodes any JSON value (tries each kind with `try?`, recursing into arrays) makes a
/// `DecodingError` with that path at each level it tries — quadratic work per level, cubic in
/// all. The guard (``JSONLimits``) refuses such a body before any decoder sees it.
enum HostileJSONBench {
  /// A value of any JSON shape, decoded the common way: try each kind in turn.
  indirect enum AnyJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([AnyJSON].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: AnyJSON].self))
      }
    }
  }

  struct Canned: HTTPTransport {
    let body: Data
    func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
      HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
    }
  }

  static func nested(_ depth: Int) -> Data {
    Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
  }

  /// Sends `endpoint` over a transport answering `body`, `iterations` times; the time per KiB.
  @concurrent
  static func costPerKiB<Response: Sendable>(
    _ endpoint: Endpoint<Response>, body: Data, limits: JSONLimits = .default, iterations: Int
  ) async -> Double {
    let client = APIClient(
      baseURL: URL(string: "http://127.0.0.1:1")!, defaults: RequestDefaults(jsonLimits: limits),
      transport: Canned(body: body))
    let sample = await Harness.best(of: 3, iterations: iterations) {
      for _ in 0..<iterations { _ = try? await client.send(endpoint) }
    }
    return sample.cpuPerIteration / (Double(body.count) / 1024)
  }

  @concurrent
  static func run() async throws {
    Harness.heading("http: hostile JSON through APIClient.send, CPU per KiB of body")
    let page = Endpoint<PostsPage>(.get, "posts")
    let anything = Endpoint<AnyJSON>(.get, "any")
    let serialization = Endpoint<Int>(.get, "any") { data, _ in
      (try JSONSerialization.jsonObject(with: data) as? [Any])?.count ?? 0
    }
    let noGuard = JSONLimits(maximumDepth: JSONLimits.deepestSupported)
    let baseline = await costPerKiB(page, body: HTTPBenchServer.body, iterations: 2_000)
    func report(_ label: String, _ cost: Double) {
      let verdict = cost <= 1e-3 ? "≤ 1 ms/KiB ✓" : "> 1 ms/KiB ✗"
      Harness.line(
        label,
        Harness.pad(Harness.formatDuration(cost) + "/KiB", 14)
          + String(format: "%.1f× the baseline   ", cost / baseline) + verdict)
    }
    Harness.line(
      "baseline: a 10-post page into PostsPage",
      Harness.formatDuration(baseline) + "/KiB (\(HTTPBenchServer.body.count) bytes)")
    let nested512 = nested(512)
    report(
      "512 nested in 1 KiB → PostsPage, guarded",
      await costPerKiB(page, body: nested512, iterations: 20_000))
    report(
      "512 nested in 1 KiB → AnyJSON, guarded",
      await costPerKiB(anything, body: nested512, iterations: 20_000))
    report(
      "128 nested (the limit) → AnyJSON",
      await costPerKiB(anything, body: nested(128), iterations: 50))
    report(
      "64 nested → AnyJSON",
      await costPerKiB(anything, body: nested(64), iterations: 200))
    report(
      "128 nested → JSONSerialization parser",
      await costPerKiB(serialization, body: nested(128), iterations: 2_000))
    report(
      "511 nested → JSONSerialization, no guard",
      await costPerKiB(serialization, body: nested(511), limits: noGuard, iterations: 2_000))
    report(
      "511 nested → PostsPage, no guard",
      await costPerKiB(page, body: nested(511), limits: noGuard, iterations: 2_000))
    report(
      "511 nested → AnyJSON, no guard (Foundation)",
      await costPerKiB(anything, body: nested(511), limits: noGuard, iterations: 2))
    Harness.line(
      "where the nesting cost arises",
      "JSONDecoder's coding paths and DecodingErrors per level of a recursive type;"
        + " DecodingFailure and TextExcerpt read ≤ 200 bytes")
  }
}

/// Waiting on a server that accepts and never answers: the process's CPU over the wait, which
/// the client's deadline ends (target: no CPU while waiting).
enum SilentServerBench {
  @concurrent
  static func run() async throws {
    Harness.heading("http: waiting 2 s on a server that accepts and never answers")
    let listener = try SilentListener()
    defer { listener.stop() }
    let endpoint = Endpoint<Void>(.get, "posts")
    let timeouts = HTTPTimeouts(connect: .seconds(5), idle: .seconds(30), total: .seconds(2))
    for (name, transport) in [
      ("CurlTransport", CurlTransport(configuration: .init(proxies: .none)) as any HTTPTransport),
      ("URLSessionTransport", URLSessionTransport(configuration: .ephemeral)),
    ] {
      let client = APIClient(
        baseURL: listener.url, defaults: RequestDefaults(timeouts: timeouts), transport: transport)
      let sample = await Harness.measure(iterations: 1) {
        _ = try? await client.send(endpoint)
      }
      Harness.line(
        "\(name): timed out after",
        String(
          format: "%.2f s wall, %@ CPU (%.2f%% of a core)", sample.wallSeconds,
          Harness.formatDuration(sample.cpuSeconds), 100 * sample.cpuSeconds / sample.wallSeconds))
    }
  }

  /// A listening socket whose connections the kernel accepts and nobody reads.
  final class SilentListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
      (descriptor, port) = try Loopback.listen(backlog: 16)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() { close(descriptor) }
  }
}

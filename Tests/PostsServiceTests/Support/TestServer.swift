import EndToEndSupport
import Foundation
import Testing
import TetherHTTP
import TetherSynchronization

@testable import PostsService

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Runs `body` against a fresh server on a free port and shuts the server down afterwards.
@discardableResult
func withServer<Result>(
  _ configuration: PostsServer.Configuration = PostsServer.Configuration(),
  _ body: (PostsServer, TestClient) async throws -> Result
) async throws -> Result {
  let server = try PostsServer.start(configuration.patient())
  let client = TestClient(baseURL: server.baseURL)
  do {
    let result = try await body(server, client)
    client.finish()
    await server.shutdown()
    return result
  } catch {
    client.finish()
    await server.shutdown()
    throw error
  }
}

extension PostsServer.Configuration {
  /// This configuration with two minutes for each deadline it leaves at its default: a test
  /// held up on a loaded machine (or under ThreadSanitizer) must not lose a connection to a
  /// deadline it is not testing. Tests of deadlines set theirs, and keep them.
  func patient() -> Self {
    let defaults = Self()
    var patient = self
    if idleTimeout == defaults.idleTimeout { patient.idleTimeout = .seconds(120) }
    if headerTimeout == defaults.headerTimeout { patient.headerTimeout = .seconds(120) }
    if bodyTimeout == defaults.bodyTimeout { patient.bodyTimeout = .seconds(120) }
    return patient
  }
}

extension PostsServer {
  /// An API client of this server whose timeouts are guards against a hang, not measures
  /// (``TetherHTTP/HTTPTimeouts/loopbackGuard``): the library's 60 s total runs on real time,
  /// and a whole parallel run under the thread sanitizer kept sends waiting for a thread past it.
  func api(
    transport: any HTTPTransport = CurlTransport.shared, observers: [any HTTPObserver] = []
  ) -> APIClient {
    APIClient(
      baseURL: baseURL, defaults: .loopbackGuard, transport: transport, observers: observers)
  }
}

/// A response as a test sees it.
struct TestResponse {
  var status: Int
  var headers: [String: String]
  var body: Data

  /// The body as a JSON object (fails the test when it is not one).
  func object() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
  }

  var text: String { String(decoding: body, as: UTF8.self) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(type, from: body)
  }

  /// The `message` of an error body.
  var message: String? {
    (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["message"] as? String
  }

  func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}

/// URLSession against one server, without caching; its two minutes without a byte are a guard
/// against a hang, not a measure (no test here is about the client's timeout).
struct TestClient: Sendable {
  let baseURL: URL
  private let session: URLSession

  init(baseURL: URL) {
    self.baseURL = baseURL
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = 120
    session = URLSession(configuration: configuration)
  }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
    try await send("GET", path, headers: headers)
  }

  func send(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]
  ) async throws -> TestResponse {
    var request = URLRequest(url: try #require(URL(string: baseURL.absoluteString + path)))
    request.httpMethod = method
    if let json {
      request.httpBody = Data(json.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      fields[name] = value
    }
    return TestResponse(status: http.statusCode, headers: fields, body: data)
  }

  func finish() {
    session.finishTasksAndInvalidate()
  }
}

/// A flag one task sets and another reads.
final class Flag: Sendable {
  private let value = SanitizerVisibleMutex(false)

  var isSet: Bool { value.withLock { $0 } }

  func set() {
    value.withLock { $0 = true }
  }
}

/// Runs blocking test code on a thread of its own and waits for it without blocking the
/// cooperative pool: for steps that must happen within a server's deadline, which a pool held up
/// by other tests' blocking calls could miss by seconds.
func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

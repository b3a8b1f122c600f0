import Foundation
import TetherCore
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport that answers from registered responses and records every request, for tests
/// and previews.
///
/// Answers are matched by method and URL path. Delays run on the injected clock, so a test with
/// a `TestClock` advances time instead of waiting; a delay longer than the idle timeout fails
/// with `URLError(.timedOut)` once that timeout has passed on the clock, and a body over the
/// size cap with ``HTTPError/responseTooLarge(limit:)``.
///
/// ```swift
/// let clock = TestClock()
/// let transport = MockTransport(clock: clock)
/// transport.respond(to: .get, "/posts/1", with: .text(#"{"id":1}"#, delay: .seconds(2)))
/// transport.respond(to: .post, "/auth/refresh") { request in .text("{}") }
/// ```
///
/// A request nobody registered gets a 404 whose body names it.
public final class MockTransport: HTTPTransport {
  /// Computes an answer from the request.
  public typealias Responder = @Sendable (URLRequest) async throws -> MockResponse

  private struct Route: Hashable {
    var method: String
    var path: String
  }

  private struct State {
    var routes: [Route: Responder] = [:]
    var requests: [URLRequest] = []
  }

  private let clock: any TetherClock
  private let state = SanitizerVisibleMutex(State())

  /// A mock whose delays and timeouts run on `clock`.
  public init(clock: any TetherClock = SystemClock()) {
    self.clock = clock
  }

  /// Answers `method` requests to `path` (the URL path, with or without its leading slash) with
  /// `response`, replacing an earlier answer.
  public func respond(to method: HTTPMethod, _ path: String, with response: MockResponse) {
    respond(to: method, path) { _ in response }
  }

  /// Answers `method` requests to `path` with what `responder` computes from the request.
  public func respond(
    to method: HTTPMethod, _ path: String, with responder: @escaping Responder
  ) {
    let route = Route(method: method.rawValue, path: Self.normalized(path))
    state.withLock { $0.routes[route] = responder }
  }

  /// Every request received so far, in order.
  public var requests: [URLRequest] { state.withLock { $0.requests } }

  public func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    guard let responder = responder(for: request) else { return notFound(request) }
    return try await responder(request).answer(request, limits: limits, clock: clock)
  }

  /// Answers as ``send(_:limits:)`` does, a ``MockResponse/stream(_:statusCode:headers:delay:)``
  /// part by part on the clock.
  public func stream(_ request: URLRequest, limits: TransportLimits) async throws
    -> HTTPStreamedResponse
  {
    guard let responder = responder(for: request) else {
      let response = notFound(request)
      return HTTPStreamedResponse(metadata: response.metadata, body: .whole(response.body))
    }
    return try await responder(request).answerStreaming(request, limits: limits, clock: clock)
  }

  private func responder(for request: URLRequest) -> Responder? {
    let route = Route(
      method: request.httpMethod ?? "GET", path: Self.normalized(request.url?.path ?? "/"))
    return state.withLock { state in
      state.requests.append(request)
      return state.routes[route]
    }
  }

  private func notFound(_ request: URLRequest) -> HTTPResponse {
    let path = Self.normalized(request.url?.path ?? "/")
    return HTTPResponse(
      statusCode: 404,
      body: Data("MockTransport: no response for \(request.httpMethod ?? "GET") \(path)".utf8),
      url: request.url ?? URL(string: "http://localhost/")!)
  }

  private static func normalized(_ path: String) -> String {
    path.hasPrefix("/") ? path : "/" + path
  }
}

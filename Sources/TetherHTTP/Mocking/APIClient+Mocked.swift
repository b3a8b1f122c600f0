import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// A client that answers every endpoint from its ``Endpoint/mock`` instead of a transport:
  /// delays and timeouts run on `clock` (a `TestClock` in tests, so a test advances time
  /// instead of waiting), and interceptors, observers, status checks, JSON limits and decoding
  /// run as they do for a real exchange.
  ///
  /// An endpoint without a mock fails with ``HTTPError/invalidRequest(_:)`` naming it, so a
  /// test never reaches the network by accident.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let api = APIClient.mocked(clock: clock)
  /// let post = Endpoint<Post>(.get, "posts/1").mocked(.text(#"{"id":1}"#, delay: .seconds(1)))
  /// async let answer = api.send(post)
  /// await clock.waitForSleepers()
  /// clock.advance(by: .seconds(1))
  /// print(try await answer.id)  // 1
  /// ```
  public static func mocked(
    baseURL: URL = URL(string: "http://mocked.invalid/")!, clock: any TetherClock
  ) -> APIClient {
    var client = APIClient(baseURL: baseURL, transport: UnmockedTransport(), clock: clock)
    client.answersFromMocks = true
    return client
  }

  /// Answers `request` from `endpoint`'s mock, within the deadline.
  func mockedExchange<Response>(
    _ request: URLRequest, for endpoint: Endpoint<Response>, limits: TransportLimits,
    deadline: Deadline
  ) async -> Result<HTTPResponse, HTTPError> {
    guard let mock = endpoint.mock else { return .failure(.unmocked(endpoint)) }
    let clock = clock
    return await deadline.send(within: limits) {
      try await mock(request).answer(request, limits: limits, clock: clock)
    }
  }
}

extension HTTPError {
  /// What a client that answers from mocks says of an endpoint, plain or streamed, without one.
  static func unmocked(_ endpoint: some CustomStringConvertible) -> HTTPError {
    .invalidRequest(
      "\(endpoint) has no mocked response, and this client answers mocked endpoints only")
  }
}

/// The transport of a mocked client: a request that reaches it was sent around the client.
private struct UnmockedTransport: HTTPTransport {
  func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    throw HTTPError.invalidRequest(
      "a mocked client's transport sends nothing; send endpoints through the client")
  }
}

import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a ``MockTransport`` or a mocked ``Endpoint`` answers: a status, headers and body, after an optional delay on the
/// transport's clock — or a transport failure.
public struct MockResponse: Sendable {
  enum Outcome: Sendable {
    case respond(statusCode: Int, headers: HTTPHeaders, body: Data)
    case fail(URLError)
  }

  let outcome: Outcome
  /// How long the answer takes, measured on the mock's clock.
  public var delay: Duration?

  /// A response with `statusCode`, `headers` and `body`.
  public init(
    statusCode: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration? = nil
  ) {
    outcome = .respond(statusCode: statusCode, headers: headers, body: body)
    self.delay = delay
  }

  /// A response whose body is `value` encoded as JSON.
  public static func json(
    _ value: some Encodable, statusCode: Int = 200, headers: HTTPHeaders = [:],
    delay: Duration? = nil
  ) throws -> MockResponse {
    let json: HTTPHeaders = ["Content-Type": "application/json"]
    return MockResponse(
      statusCode: statusCode, headers: json.merging(headers),
      body: try JSONEncoder().encode(value), delay: delay)
  }

  /// A response whose body is `text` in UTF-8.
  public static func text(
    _ text: String, statusCode: Int = 200, headers: HTTPHeaders = [:], delay: Duration? = nil
  ) -> MockResponse {
    MockResponse(statusCode: statusCode, headers: headers, body: Data(text.utf8), delay: delay)
  }

  /// A transport failure (`URLError(.notConnectedToInternet)`, `.networkConnectionLost`, …).
  public static func failure(_ error: URLError, delay: Duration? = nil) -> MockResponse {
    MockResponse(outcome: .fail(error), delay: delay)
  }

  /// The response to `request`: after the delay on `clock` (a delay longer than the idle
  /// timeout fails with `URLError(.timedOut)` once that timeout has passed), the failure, or the
  /// response when its body is within the size cap.
  func answer(_ request: URLRequest, limits: TransportLimits, clock: any TetherClock) async throws
    -> HTTPResponse
  {
    if let delay, delay > .zero {
      let timeout = limits.idleTimeout
      if delay > timeout {
        try await clock.sleep(for: timeout)
        throw URLError(.timedOut)
      }
      try await clock.sleep(for: delay)
    }
    try Task.checkCancellation()
    switch outcome {
    case .fail(let error):
      throw error
    case .respond(_, _, let body) where body.count > limits.maximumResponseSize:
      throw HTTPError.responseTooLarge(limit: limits.maximumResponseSize)
    case .respond(let statusCode, let headers, let body):
      return HTTPResponse(
        statusCode: statusCode, headers: headers, body: body,
        url: request.url ?? URL(string: "http://localhost/")!)
    }
  }

  private init(outcome: Outcome, delay: Duration?) {
    self.outcome = outcome
    self.delay = delay
  }
}

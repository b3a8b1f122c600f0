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
    case stream(statusCode: Int, headers: HTTPHeaders, parts: [MockStreamPart])
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

  /// A streamed response: the head after `delay`, then each part after its own delay, so a
  /// test on a `TestClock` sees every event arrive as it advances the clock.
  ///
  /// ```swift
  /// let changes = StreamEndpoint<StreamEvent>(.get, "posts/changes").mocked { request in
  ///   .stream([
  ///     .event(StreamEvent(id: "1", data: "first"), after: .seconds(1)),
  ///     .failure(URLError(.networkConnectionLost), after: .seconds(1)),
  ///   ])
  /// }
  /// ```
  public static func stream(
    _ parts: [MockStreamPart], statusCode: Int = 200,
    headers: HTTPHeaders = ["Content-Type": "text/event-stream"], delay: Duration? = nil
  ) -> MockResponse {
    var response = MockResponse(
      outcome: .stream(statusCode: statusCode, headers: headers, parts: parts), delay: nil)
    response.delay = delay
    return response
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
    let head = try await answerStreaming(request, limits: limits, clock: clock)
    var body = Data()
    while let piece = try await head.body.next() {
      body.append(piece)
      guard body.count <= limits.maximumResponseSize else {
        throw HTTPError.responseTooLarge(limit: limits.maximumResponseSize)
      }
    }
    return HTTPResponse(metadata: head.metadata, body: body)
  }

  /// The response to `request` as it streams: the head after the delay, then the body's
  /// parts after theirs (a plain response's body in one piece).
  func answerStreaming(_ request: URLRequest, limits: TransportLimits, clock: any TetherClock)
    async throws -> HTTPStreamedResponse
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
      let response = HTTPResponse(
        statusCode: statusCode, headers: headers, body: body,
        url: request.url ?? URL(string: "http://localhost/")!)
      return HTTPStreamedResponse(metadata: response.metadata, body: .whole(body))
    case .stream(let statusCode, let headers, let parts):
      let head = HTTPResponse(
        statusCode: statusCode, headers: headers,
        url: request.url ?? URL(string: "http://localhost/")!)
      let source = MockByteSource(parts, limits: limits, clock: clock)
      return HTTPStreamedResponse(
        metadata: head.metadata, body: HTTPByteStream { try await source.next() })
    }
  }

  private init(outcome: Outcome, delay: Duration?) {
    self.outcome = outcome
    self.delay = delay
  }
}

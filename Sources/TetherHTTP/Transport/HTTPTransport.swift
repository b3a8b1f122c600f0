import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends a request and returns the raw response: the one place I/O happens.
///
/// A transport throws `URLError` (or `CancellationError`) when the exchange does not complete,
/// enforces its ``TransportLimits`` (`URLError(.timedOut)` for a timeout,
/// ``HTTPError/responseTooLarge(limit:)`` for a body over the cap), and stops at once when its
/// task is cancelled. It never blocks the calling thread. The client turns what it throws into
/// ``HTTPError``s, and enforces the total deadline itself whatever the transport does.
///
/// ``CurlTransport`` (libcurl) and ``URLSessionTransport`` (FoundationNetworking) send real
/// requests; ``MockTransport`` answers from registered responses.
public protocol HTTPTransport: Sendable {
  /// Sends `request` within `limits` and returns the server's response, whatever its status.
  func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse

  /// Sends `request` and returns as soon as the response's head has arrived, with its body as
  /// the pieces arrive: for a streamed response (server-sent events, JSON lines), which may
  /// never end. The idle timeout applies between pieces; the size cap does not (an event
  /// parser limits each event instead).
  ///
  /// The default sends the request with ``send(_:limits:)`` and hands over the whole body
  /// as one piece; ``CurlTransport`` and ``MockTransport`` stream.
  func stream(_ request: URLRequest, limits: TransportLimits) async throws
    -> HTTPStreamedResponse
}

extension HTTPTransport {
  /// Sends `request` with ``send(_:limits:)`` and hands over its whole body as one piece: a
  /// transport that cannot stream still serves streamed endpoints, only not incrementally.
  public func stream(_ request: URLRequest, limits: TransportLimits) async throws
    -> HTTPStreamedResponse
  {
    let response = try await send(request, limits: limits)
    return HTTPStreamedResponse(metadata: response.metadata, body: .whole(response.body))
  }
}

extension HTTPTransport {
  /// Sends `request` within the default limits (connect 10 s, idle 30 s, 32 MiB).
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    try await send(request, limits: TransportLimits())
  }
}

/// A raw HTTP response: status, headers and body, before any parsing.
public struct HTTPResponse: Sendable {
  /// The response metadata: status code, header fields, URL.
  public var metadata: HTTPURLResponse
  /// The response body.
  public var body: Data

  /// A response: its status and headers, and its body.
  public init(metadata: HTTPURLResponse, body: Data) {
    self.metadata = metadata
    self.body = body
  }

  /// A response built from its parts, for mocks and tests.
  ///
  /// ```swift
  /// HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"],
  ///              body: Data(#"{"id":1}"#.utf8), url: request.url!)
  /// ```
  public init(
    statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(),
    url: URL = URL(string: "http://localhost/")!
  ) {
    var fields: [String: String] = [:]
    for field in headers { fields[field.name] = field.value }
    metadata = HTTPURLResponse(
      url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: fields)!
    self.body = body
  }

  /// The HTTP status code.
  public var statusCode: Int { metadata.statusCode }

  /// The response's header fields.
  public var headers: HTTPHeaders { HTTPHeaders(metadata) }
}

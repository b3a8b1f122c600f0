import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends a request and returns the raw response: the one place I/O happens.
///
/// A transport throws `URLError` (or `CancellationError`) when the exchange does not complete,
/// honours `URLRequest.timeoutInterval` by throwing `URLError(.timedOut)`, and stops when its
/// task is cancelled. The client turns those into ``HTTPError``s.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the server's response, whatever its status.
  func send(_ request: URLRequest) async throws -> HTTPResponse
}

/// A raw HTTP response: status, headers and body, before any parsing.
public struct HTTPResponse: Sendable {
  /// The response metadata: status code, header fields, URL.
  public var metadata: HTTPURLResponse
  /// The response body.
  public var body: Data

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

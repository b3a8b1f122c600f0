import Foundation
import TetherJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request and how to read its response, as a plain value.
///
/// An endpoint does no I/O: an ``APIClient`` sends it, and ``urlRequest(relativeTo:defaults:encoder:)``
/// shows exactly what would be sent, so tests can inspect it.
///
/// ```swift
/// struct Post: Codable, Sendable { var id: Int; var title: String }
///
/// let post = Endpoint<Post>(.get, "posts/1")                       // JSON response
/// let search = Endpoint<PostsPage>(.get, "posts/search",
///                                  query: [URLQueryItem(name: "q", value: "love")])
/// let delete = Endpoint<Void>(.delete, "posts/1")                  // empty response
/// let titles = search.map { page in page.posts.map(\.title) }      // transformed result
/// ```
public struct Endpoint<Response: Sendable>: Sendable {
  /// Parses a response body; `decoder` is the client's JSON decoder.
  typealias Parser = @Sendable (Data, HTTPURLResponse, JSONDecoder) throws -> Response

  /// The request method.
  public var method: HTTPMethod
  /// A path relative to the client's base URL, or a full URL.
  public var target: RequestTarget
  /// Query items in order; a name may repeat (`ids=1&ids=2`). They replace the client's default
  /// query items of the same name.
  public var queryItems: [URLQueryItem]
  /// Header fields; they win over the client's default headers and the body's content type.
  public var headers: HTTPHeaders
  /// The request body, if any.
  public var body: HTTPBody?
  /// The deadline of the whole send (interceptors, transport, decoding), enforced by the
  /// client; `nil` uses the client's `defaults.timeouts.total`. The client's connect and idle
  /// timeouts apply too, each cut to this one (see ``HTTPTimeouts``).
  public var timeout: Duration?
  /// The largest response body accepted, in bytes, enforced while it is received; `nil` uses
  /// the client's `defaults.maximumResponseSize` (32 MiB).
  public var maximumResponseSize: Int?
  /// The nesting depth, size and number length every body is checked against before it is
  /// parsed (by `JSONDecoder`, `JSONSerialization` or a custom parser); `nil` uses the
  /// client's `defaults.jsonLimits`. A body decoded as JSON must be JSON too; one a custom
  /// parser reads may be any text, which that parser judges (a strict JSON parser stops at
  /// the first byte that is not JSON, before anything deeper).
  public var jsonLimits: JSONLimits?
  /// Status codes whose body is parsed as `Response`; any other status is an
  /// ``HTTPError/unacceptableStatus(_:)``.
  public var acceptableStatusCodes: Set<Int>
  /// What a client made with ``APIClient/mocked(baseURL:clock:)`` answers for this endpoint
  /// (see `mocked(_:)`); other clients ignore it.
  public var mock: MockTransport.Responder?

  let parser: Parser
  /// Whether the parser reads the body (a `Void` endpoint ignores it, so no limit applies).
  let readsBody: Bool
  /// Whether the body is decoded as JSON, so that text that is not JSON fails before it.
  let readsJSON: Bool

  init(
    method: HTTPMethod, target: RequestTarget, queryItems: [URLQueryItem], headers: HTTPHeaders,
    body: HTTPBody?, timeout: Duration?, acceptableStatusCodes: Set<Int>, parser: @escaping Parser,
    maximumResponseSize: Int? = nil, jsonLimits: JSONLimits? = nil, readsBody: Bool = true,
    readsJSON: Bool = false, mock: MockTransport.Responder? = nil
  ) {
    self.method = method
    self.target = target
    self.queryItems = queryItems
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.acceptableStatusCodes = acceptableStatusCodes
    self.parser = parser
    self.maximumResponseSize = maximumResponseSize
    self.jsonLimits = jsonLimits
    self.readsBody = readsBody
    self.readsJSON = readsJSON
    self.mock = mock
  }

  /// An endpoint whose response is read by `parse` from the body and the response metadata.
  /// The body meets the ``jsonLimits`` before `parse` sees it, so a parser built on
  /// `JSONSerialization` cannot be handed a document that traps it.
  ///
  /// ```swift
  /// let robots = Endpoint<String>(.get, "robots.txt") { data, _ in
  ///   String(decoding: data, as: UTF8.self)
  /// }
  /// ```
  public init(
    _ method: HTTPMethod, _ target: RequestTarget, query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:], body: HTTPBody? = nil, timeout: Duration? = nil,
    acceptableStatusCodes: Set<Int> = .successful,
    parse: @escaping @Sendable (Data, HTTPURLResponse) throws -> Response
  ) {
    self.init(
      method: method, target: target, queryItems: query, headers: headers, body: body,
      timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
      parser: { data, response, _ in try parse(data, response) })
  }

  /// Reads `Response` from a body and its response; `decoder` is the JSON decoder to use for
  /// endpoints that decode JSON without their own decoder.
  ///
  /// This is the parser alone: ``APIClient`` checks the body against the ``jsonLimits`` first,
  /// so call this only with bytes you trust or have checked.
  public func parse(_ body: Data, _ response: HTTPURLResponse, decoder: JSONDecoder) throws
    -> Response
  {
    try parser(body, response, decoder)
  }

  /// This endpoint with its response transformed by `transform`; a thrown error becomes a
  /// decoding failure.
  public func map<Transformed: Sendable>(
    _ transform: @escaping @Sendable (Response) throws -> Transformed
  ) -> Endpoint<Transformed> {
    let parser = self.parser
    return Endpoint<Transformed>(
      method: method, target: target, queryItems: queryItems, headers: headers, body: body,
      timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
      parser: { data, response, decoder in try transform(parser(data, response, decoder)) },
      maximumResponseSize: maximumResponseSize, jsonLimits: jsonLimits, readsBody: readsBody,
      readsJSON: readsJSON, mock: mock)
  }
}

extension Endpoint where Response: Decodable {
  /// An endpoint whose response body is JSON decoded into `Response`, with the client's decoder
  /// unless `decoder` is given.
  ///
  /// ```swift
  /// let posts = Endpoint<PostsPage>(.get, "posts", query: [URLQueryItem(name: "limit", value: "10")])
  /// let created = Endpoint<Post>(.post, "posts/add", body: .json(NewPost(title: "Hi", userId: 1)))
  /// ```
  public init(
    _ method: HTTPMethod, _ target: RequestTarget, query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:], body: HTTPBody? = nil, timeout: Duration? = nil,
    acceptableStatusCodes: Set<Int> = .successful, decoder: JSONDecoder? = nil
  ) {
    self.init(
      method: method, target: target, queryItems: query, headers: headers, body: body,
      timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
      parser: { data, _, clientDecoder in
        try (decoder ?? clientDecoder).decode(Response.self, from: data)
      }, readsJSON: true)
  }
}

extension Endpoint where Response == Void {
  /// An endpoint whose response body is ignored (a `DELETE`, a `HEAD`, a `204 No Content`).
  public init(
    _ method: HTTPMethod, _ target: RequestTarget, query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:], body: HTTPBody? = nil, timeout: Duration? = nil,
    acceptableStatusCodes: Set<Int> = .successful
  ) {
    self.init(
      method: method, target: target, queryItems: query, headers: headers, body: body,
      timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
      parser: { _, _, _ in () }, readsBody: false)
  }
}

extension Set<Int> {
  /// The successful HTTP status codes, 200–299: what an endpoint accepts by default.
  public static var successful: Set<Int> { successfulStatusCodes }
}

private let successfulStatusCodes = Set(200...299)

extension Endpoint: CustomStringConvertible {
  /// `GET posts?limit=10`
  public var description: String {
    let query = queryItems.isEmpty ? "" : "?" + PercentEncoding.query(queryItems)
    return "\(method) \(target)\(query)"
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response whose status the endpoint does not accept: the code, headers, raw body and, when
/// the body decodes into the client's client-error type, that decoded value.
public struct StatusFailure: Sendable, CustomStringConvertible {
  /// The HTTP status code.
  public var statusCode: Int
  /// The response's header fields.
  public var headers: HTTPHeaders
  /// The raw response body.
  public var body: Data
  /// The body decoded as the client's client-error type (see ``ClientErrorDecoder``), or `nil`
  /// when the client has none or the body does not decode into it.
  public var clientError: (any Sendable)?
  /// How long the server asked to wait before retrying (`Retry-After`, seconds or an HTTP date),
  /// read on 429 and 503 responses.
  public var retryAfter: Duration?

  /// An answer whose status the endpoint does not accept, with what the server said.
  public init(
    statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(),
    clientError: (any Sendable)? = nil, retryAfter: Duration? = nil
  ) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.clientError = clientError
    self.retryAfter = retryAfter
  }

  /// The decoded client-error body as `type`, or `nil`.
  ///
  /// ```swift
  /// failure.clientError(as: APIMessage.self)?.message
  /// ```
  public func clientError<ClientError>(as type: ClientError.Type) -> ClientError? {
    clientError as? ClientError
  }

  /// `The server answered 404 Not Found: Post with id '999' not found`
  public var description: String {
    let reason = HTTPURLResponse.localizedString(forStatusCode: statusCode).capitalized
    var text = "The server answered \(statusCode) \(reason)"
    if let clientError {
      text += ": " + TextExcerpt.sanitized(String(describing: clientError))
    } else if !body.isEmpty {
      text += ": " + TextExcerpt.of(body)
    }
    if let retryAfter { text += " (retry after \(retryAfter.readableDescription))" }
    return text
  }
}

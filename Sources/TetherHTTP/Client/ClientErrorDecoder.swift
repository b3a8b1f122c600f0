import Foundation

/// How a client reads the body of an error response into the API's own error type, so an
/// ``HTTPError/unacceptableStatus(_:)`` carries it.
///
/// ```swift
/// struct APIMessage: Decodable, Sendable, CustomStringConvertible {
///   var message: String
///   var description: String { message }
/// }
/// let client = APIClient(baseURL: url, clientError: .json(APIMessage.self))
/// ```
public struct ClientErrorDecoder: Sendable {
  private let decode: @Sendable (Data, JSONDecoder) -> (any Sendable)?

  /// Reads the body with `decode`; return `nil` when it is not a client error.
  public init(_ decode: @escaping @Sendable (Data, JSONDecoder) -> (any Sendable)?) {
    self.decode = decode
  }

  /// Decodes the body as JSON into `type` with the client's decoder.
  public static func json<ClientError: Decodable & Sendable>(_ type: ClientError.Type) -> Self {
    Self { body, decoder in try? decoder.decode(ClientError.self, from: body) }
  }

  /// The client error in `body`, or nil when it is empty, breaks `limits` (the raw body stays
  /// in the ``StatusFailure``) or is not a client error.
  func clientError(from body: Data, decoder: JSONDecoder, limits: JSONLimits) -> (any Sendable)? {
    guard !body.isEmpty, (try? limits.check(body)) != nil else { return nil }
    return decode(body, decoder)
  }
}

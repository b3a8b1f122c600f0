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

  func clientError(from body: Data, decoder: JSONDecoder) -> (any Sendable)? {
    body.isEmpty ? nil : decode(body, decoder)
  }
}

import Foundation
import TetherJSON

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
  /// Whether the body is read as JSON, so that text that is not JSON is no client error.
  private let readsJSON: Bool

  /// Reads the body with `decode`; return `nil` when it is not a client error. The body may be
  /// any text within the client's JSON limits.
  public init(_ decode: @escaping @Sendable (Data, JSONDecoder) -> (any Sendable)?) {
    self.init(decode, readsJSON: false)
  }

  private init(
    _ decode: @escaping @Sendable (Data, JSONDecoder) -> (any Sendable)?, readsJSON: Bool
  ) {
    self.decode = decode
    self.readsJSON = readsJSON
  }

  /// Decodes the body as JSON into `type` with the client's decoder.
  public static func json<ClientError: Decodable & Sendable>(_ type: ClientError.Type) -> Self {
    Self({ body, decoder in try? decoder.decode(ClientError.self, from: body) }, readsJSON: true)
  }

  /// The client error in `body`, or nil when it is empty, breaks `limits` (the raw body stays
  /// in the ``StatusFailure``), is not JSON where JSON is read, or is not a client error.
  func clientError(from body: Data, decoder: JSONDecoder, limits: JSONLimits) -> (any Sendable)? {
    guard !body.isEmpty else { return nil }
    do throws(JSONError) {
      try limits.check(body)
    } catch {
      guard case .malformed = error.reason, !readsJSON else { return nil }
    }
    return decode(body, decoder)
  }
}

import Foundation

/// The body of a request.
///
/// ```swift
/// .json(NewPost(title: "Hello", userId: 5))        // encoded with the client's JSONEncoder
/// .form([URLQueryItem(name: "q", value: "a b")])   // application/x-www-form-urlencoded
/// .raw(Data(pngBytes), contentType: "image/png")
/// ```
public enum HTTPBody: Sendable {
  /// A value encoded as JSON with the client's encoder; `Content-Type: application/json`.
  case json(any Encodable & Sendable)
  /// Form fields, percent-encoded; `Content-Type: application/x-www-form-urlencoded`.
  case form([URLQueryItem])
  /// Bytes sent as they are, with their content type.
  case raw(Data, contentType: String)

  /// Encodes the body; throws what the encoder throws.
  func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
    switch self {
    case .json(let value):
      return (try encoder.encode(value), "application/json")
    case .form(let fields):
      let text = PercentEncoding.query(fields)
      return (Data(text.utf8), "application/x-www-form-urlencoded; charset=utf-8")
    case .raw(let data, let contentType):
      return (data, contentType)
    }
  }
}

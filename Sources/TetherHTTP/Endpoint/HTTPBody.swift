import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The body of a request.
///
/// ```swift
/// .json(NewPost(title: "Hello", userId: 5))        // encoded with the client's JSONEncoder
/// .form([URLQueryItem(name: "q", value: "a b")])   // application/x-www-form-urlencoded
/// .raw(Data(pngBytes), contentType: "image/png")
/// .multipart(form)                                 // multipart/form-data, files streamed
/// ```
public enum HTTPBody: Sendable {
  /// A value encoded as JSON with the client's encoder; `Content-Type: application/json`.
  case json(any Encodable & Sendable)
  /// Form fields, percent-encoded; `Content-Type: application/x-www-form-urlencoded`.
  case form([URLQueryItem])
  /// Bytes sent as they are, with their content type.
  case raw(Data, contentType: String)
  /// A form of fields and files; `Content-Type: multipart/form-data` with its boundary, and a
  /// `Content-Length`. Files are read from disk while the request is sent.
  case multipart(MultipartForm)

  /// Puts the body and its `Content-Type` (and a stream's `Content-Length`) on `request`;
  /// throws what the encoder throws, or ``HTTPError/invalidRequest(_:)`` for an unreadable file.
  func apply(to request: inout URLRequest, fields: inout HTTPHeaders, encoder: JSONEncoder) throws {
    switch self {
    case .json(let value):
      request.httpBody = try encoder.encode(value)
      fields["Content-Type"] = "application/json"
    case .form(let items):
      request.httpBody = Data(PercentEncoding.query(items).utf8)
      fields["Content-Type"] = "application/x-www-form-urlencoded; charset=utf-8"
    case .raw(let data, let contentType):
      request.httpBody = data
      fields["Content-Type"] = contentType
    case .multipart(let form):
      let segments = try form.segments()
      request.httpBodyStream = MultipartBodyStream(form, segments: segments)
      fields["Content-Type"] = form.contentType
      fields["Content-Length"] = String(segments.reduce(0) { $0 + $1.count })
    }
  }
}

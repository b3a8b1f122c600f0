import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response whose head has arrived and whose body is still arriving (see
/// ``HTTPTransport/stream(_:limits:)``).
public struct HTTPStreamedResponse: Sendable {
  /// The response metadata: status code, header fields, URL.
  public var metadata: HTTPURLResponse
  /// The body, in the pieces it arrives in.
  public var body: HTTPByteStream

  /// A streamed response: its head, and its body as it arrives.
  public init(metadata: HTTPURLResponse, body: HTTPByteStream) {
    self.metadata = metadata
    self.body = body
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the Swift task cancels the URLSession task: `URLSession.data(for:)` installs a
/// task cancellation handler in swift-corelibs-foundation as on Apple platforms (the test suite
/// checks it against a loopback server that never answers: the connection is closed).
public struct URLSessionTransport: HTTPTransport {
  /// The session requests go through.
  public let session: URLSession

  /// A transport over `session` (the shared session by default).
  public init(session: URLSession = .shared) {
    self.session = session
  }

  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let (body, response) = try await session.data(for: request)
    guard let metadata = response as? HTTPURLResponse else {
      throw URLError(.badServerResponse)
    }
    return HTTPResponse(metadata: metadata, body: body)
  }
}

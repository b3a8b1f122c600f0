import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Endpoint {
  /// This endpoint answered with `response` by a mocked client, after the response's delay
  /// on the client's clock, as Microya's `mockedResponse` does.
  ///
  /// The endpoint is sent as usual by any other client: the mock travels with it, so a test
  /// and the app share one endpoint definition.
  ///
  /// ```swift
  /// let post = Endpoint<Post>(.get, "posts/1")
  ///   .mocked(.text(#"{"id":1,"title":"Hi"}"#, delay: .seconds(2)))
  /// ```
  public func mocked(_ response: MockResponse) -> Endpoint {
    mocked { _ in response }
  }

  /// This endpoint answered by a mocked client with what `responder` computes from the
  /// request (its headers, its body), after the answer's delay on the client's clock.
  ///
  /// ```swift
  /// let created = Endpoint<Post>(.post, "posts/add", body: .json(draft)).mocked { request in
  ///   .text(String(decoding: request.httpBody ?? Data(), as: UTF8.self), statusCode: 201)
  /// }
  /// ```
  public func mocked(_ responder: @escaping MockTransport.Responder) -> Endpoint {
    var endpoint = self
    endpoint.mock = responder
    return endpoint
  }
}

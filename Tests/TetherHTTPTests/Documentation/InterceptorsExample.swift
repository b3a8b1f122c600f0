// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/Interceptors.md as written; DocumentationTests checks it.

import Foundation
import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking  // URLRequest on Linux
#endif

func interceptorsExample() async throws {
  actor Session {  // where the app keeps its tokens
    func accessToken() async throws -> String { "token" }
    func refreshAccessToken() async throws {}
  }
  let session = Session()

  var api = APIClient(baseURL: URL(string: "https://dummyjson.com")!)
  api.interceptors.append(
    AuthenticationInterceptor(
      credential: { .bearer(try await session.accessToken()) },
      refresh: { try await session.refreshAccessToken() }))  // 10 concurrent 401s share 1 refresh
  api.observers.append(LoggingObserver { line in print(line) })  // Authorization redacted

  struct Offline: HTTPInterceptor {  // answer requests yourself, e.g. a mock
    func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
      -> RequestInterception
    {
      .respond(HTTPResponse(statusCode: 503, body: Data(), url: request.url!))
    }
  }
}

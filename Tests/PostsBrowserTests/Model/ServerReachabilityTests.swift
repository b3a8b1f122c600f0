import Foundation
import Testing
import TetherCore
import TetherHTTP

@testable import PostsBrowser

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The `--url` server's reachability: lost on a failed connection, back on any answer. (The
/// browser asking it again is ``ServerProbeTests``.)
@Suite struct ServerReachabilityTests {
  let request = URLRequest(url: URL(string: "http://127.0.0.1:1/posts")!)

  func refused() -> HTTPExchange {
    HTTPExchange(
      request: request, response: nil,
      failure: .transportFailed(URLError(.cannotConnectToHost)), duration: .zero)
  }

  func answered(_ status: Int) -> HTTPExchange {
    HTTPExchange(
      request: request,
      response: HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil),
      failure: nil, duration: .zero)
  }

  @Test func anAnswerOfAnyStatusMeansTheServerIsThere() {
    let reachability = ServerReachability()
    reachability.didFinish(refused())
    reachability.didFinish(answered(503))
    #expect(reachability.isReachable)
    // A timeout or a lost connection is one request going wrong, not the server gone.
    reachability.didFinish(
      HTTPExchange(
        request: request, response: nil, failure: .transportFailed(URLError(.timedOut)),
        duration: .zero))
    #expect(reachability.isReachable)
  }
}

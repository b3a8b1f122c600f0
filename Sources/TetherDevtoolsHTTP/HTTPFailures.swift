import Foundation
import TetherDevtools
import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SimulatedFailure {
  /// Failures of HTTP operations "trigger error" offers: server errors, rate limiting, a
  /// timeout, a lost connection and malformed JSON — each an ``HTTPError`` as the client would
  /// make it.
  public static let http: [SimulatedFailure] = [
    SimulatedFailure("503 Service Unavailable") { _ in status(503) },
    SimulatedFailure("500 Internal Server Error") { _ in status(500) },
    SimulatedFailure("429 Too Many Requests, Retry-After 2 s") { _ in
      status(429, retryAfter: .seconds(2))
    },
    SimulatedFailure("Timed out after 8 s") { _ in HTTPError.timedOut(after: .seconds(8)) },
    SimulatedFailure("Connection lost") { _ in
      HTTPError.transportFailed(URLError(.networkConnectionLost))
    },
    SimulatedFailure("Malformed JSON") { _ in
      HTTPError.decodingFailed(
        DecodingFailure(
          typeName: "Response", codingPath: "", reason: "the data is not valid JSON (simulated)",
          bodyPrefix: #"{"id": 1, "tit"#))
    },
  ]

  private static func status(_ code: Int, retryAfter: Duration? = nil) -> HTTPError {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let retryAfter {
      headers = [
        "Content-Type": "application/json", "Retry-After": "\(Int(retryAfter.timeInterval))",
      ]
    }
    return .unacceptableStatus(
      StatusFailure(
        statusCode: code, headers: headers,
        body: Data(#"{"message":"Simulated by the devtools"}"#.utf8), retryAfter: retryAfter))
  }
}

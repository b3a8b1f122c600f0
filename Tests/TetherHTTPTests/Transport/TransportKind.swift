import EndToEndSupport
import Foundation
import Testing
import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The two real transports, for tests that run against both.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case curl
  case urlSession

  var testDescription: String { self == .curl ? "CurlTransport" : "URLSessionTransport" }

  /// A fresh transport: its own connections and cookies, no proxy from the environment.
  func make(maximumConnectionsPerHost: Int = 8) -> any HTTPTransport {
    switch self {
    case .curl:
      CurlTransport(
        configuration: .init(
          maximumConnectionsPerHost: maximumConnectionsPerHost, proxies: .none))
    case .urlSession:
      URLSessionTransport(configuration: .ephemeral)
    }
  }
}

/// `{"method":…,"target":…,"headers":{…},"body":…}` as the hostile server's `/echo` answers.
struct Echo: Decodable, Sendable, Equatable {
  var method: String
  var target: String
  var headers: [String: String]
  var body: String
}

extension HostileServer {
  /// A client of this server over `transport`.
  func client(
    _ transport: any HTTPTransport, timeouts: HTTPTimeouts = HTTPTimeouts(),
    clientError: ClientErrorDecoder? = nil
  ) -> APIClient {
    APIClient(
      baseURL: url, defaults: RequestDefaults(timeouts: timeouts), clientError: clientError,
      transport: transport)
  }
}

/// The `HTTPError` a send threw, or nil when it succeeded.
func failure<Response>(
  of client: APIClient, _ endpoint: Endpoint<Response>
) async -> HTTPError? {
  do {
    _ = try await client.send(endpoint)
    return nil
  } catch {
    return error
  }
}

/// How many file descriptors this process has open.
func openFileDescriptors() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

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
    _ transport: any HTTPTransport, timeouts: HTTPTimeouts = .loopbackGuard,
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

/// The targets of this process's descriptors (`socket:[123]`, `pipe:[45]`, a path).
private func descriptorTargets() -> [String] {
  let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  return descriptors.compactMap {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
  }
}

private func socketInode(_ target: String) -> String? {
  guard target.hasPrefix("socket:[") else { return nil }
  return String(target.dropFirst("socket:[".count).dropLast())
}

/// How many of this process's descriptors are TCP sockets connected to `port` on 127.0.0.1:
/// the client side of connections to a loopback server.
func socketsConnected(toPort port: UInt16) -> Int {
  let inodes = Set(descriptorTargets().compactMap(socketInode))
  let remote = String(format: "0100007F:%04X", port)
  // State 01 is ESTABLISHED; a closed client socket lingers in other states.
  return TCPTable.rows().filter {
    $0[2] == remote && $0[3] == "01" && inodes.contains(String($0[9]))
  }.count
}

/// How many of this process's descriptors are not TCP sockets: files, pipes, event and Unix
/// sockets — what a transport's machinery (not its connections) holds.
func descriptorsOtherThanTCP() -> Int {
  let tcp = Set(TCPTable.rows().map { String($0[9]) })
  return descriptorTargets().filter { target in
    socketInode(target).map { !tcp.contains($0) } ?? true
  }.count
}

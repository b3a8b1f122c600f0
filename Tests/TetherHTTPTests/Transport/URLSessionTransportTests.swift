import EndToEndSupport
import Foundation
import Testing

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport against a loopback server")
struct URLSessionTransportTests {
  let transport = URLSessionTransport(configuration: .ephemeral)

  @Test("sends a real request and decodes the answer")
  func roundTrip() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let client = APIClient(
      baseURL: server.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: transport)
    let post = try await client.send(
      Endpoint<Post>(.get, "posts/3", query: [URLQueryItem(name: "q", value: "a b")]))
    #expect(post == Post(id: 3, title: "Post number 3", userId: 4))
    #expect(server.events.events.first == .requestReceived("GET /posts/3?q=a%20b HTTP/1.1"))
  }

  @Test(
    "cancelling a request still waiting for its answer returns at once; the idle timeout closes it")
  func cancelsInFlightRequest() async throws {
    let server = try HostileServer(mode: .neverAnswer)
    defer { server.stop() }
    let client = APIClient(
      // Long enough that a loaded machine (the whole suite runs in parallel) still sends the
      // request and cancels it before the idle timeout could end it first.
      baseURL: server.url, defaults: RequestDefaults(timeouts: HTTPTimeouts(idle: .seconds(40))),
      transport: transport)
    let task = Task { try await client.send(Endpoint<Void>(.get, "hang")) }

    #expect(await server.events.wait(for: .requestReceived("GET /hang HTTP/1.1")))
    task.cancel()
    let result = await task.result
    guard case .cancelled = result.httpError else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
    // URLSession's task ends at its idle timeout (FoundationNetworking cannot be cancelled from
    // outside safely), and closes the connection.
    #expect(await server.events.wait(for: .connectionClosed, deadline: .seconds(60)))
  }

  @Test("a refused connection is a transport failure with its URLError code")
  func refused() async throws {
    let port = try ReservedPort()
    defer { port.release() }
    let client = APIClient(
      baseURL: port.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: transport)
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "x"))
    }
    guard case .transportFailed(let urlError) = error else {
      Issue.record("expected a transport failure, got \(String(describing: error))")
      return
    }
    #expect(urlError.code == .cannotConnectToHost)
  }
}

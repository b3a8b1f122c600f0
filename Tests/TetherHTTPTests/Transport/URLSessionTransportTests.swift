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
    let client = APIClient(baseURL: server.url, transport: transport)
    let post = try await client.send(
      Endpoint<Post>(.get, "posts/3", query: [URLQueryItem(name: "q", value: "a b")]))
    #expect(post == Post(id: 3, title: "Post number 3", userId: 4))
    #expect(server.events.events.first == .requestReceived("GET /posts/3?q=a%20b HTTP/1.1"))
  }

  @Test("cancelling the task cancels the in-flight URLSession task and closes the connection")
  func cancelsInFlightRequest() async throws {
    let server = try HostileServer(mode: .neverAnswer)
    defer { server.stop() }
    let client = APIClient(baseURL: server.url, transport: transport)
    let task = Task { try await client.send(Endpoint<Void>(.get, "hang")) }

    #expect(await server.events.wait(for: .requestReceived("GET /hang HTTP/1.1")))
    task.cancel()
    let result = await task.result
    guard case .cancelled = result.httpError else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
    // The server only sees the connection close if URLSession really cancelled its task.
    #expect(await server.events.wait(for: .connectionClosed))
  }

  @Test("a refused connection is a transport failure with its URLError code")
  func refused() async throws {
    let port = try ReservedPort()
    defer { port.release() }
    let client = APIClient(baseURL: port.url, transport: transport)
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

import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherDiagnostics

@Suite("Connection limit", .onOwnThread)
struct ConnectionLimitTests {
  /// A client turned away at the limit must be able to read why: the server reads its request
  /// (a whole 1 MiB upload here), answers 503, and closes only after the client has read it.
  @Test func turnedAwayClientsReadThe503() async throws {
    try await withServer(PostsServer.Configuration(maximumConnections: 1)) { server, _ in
      let held = try RawConnection(port: server.port)
      try held.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await held.readResponse().status == 200)

      let upload = String(repeating: " ", count: 1024 * 1024)
      var read503 = 0
      var turnedAway: [RawConnection] = []
      for _ in 0..<50 {
        let client = try RawConnection(port: server.port)
        turnedAway.append(client)
        do {
          // A typical client: send the whole request, then read the answer; a reset while
          // sending is a failure, as it is for curl or URLSession.
          try client.send(
            "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: \(upload.utf8.count)\r\n\r\n"
              + upload)
          let response = try await client.readResponse()
          if response.status == 503, response.text.contains("Too many connections") {
            read503 += 1
          }
        } catch {}
      }
      #expect(read503 >= 48)
      // The held connection was served all along.
      try held.send("GET /posts/2 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await held.readResponse().status == 200)
    }
  }

  /// Clients that hang up while their requests are held back by injected latency free their
  /// connections at once (EPOLLRDHUP), not when the latency ends: 60 of them with
  /// `--max-connections 50` do not lock the service, and faults can be turned off at once.
  /// The latency is real time in the server, so is the check that they were freed before it
  /// could have ended (the suite runs on threads of its own, so the wait wakes on time).
  @Test func hungUpDelayedRequestsFreeTheirConnectionsAtOnce() async throws {
    let configuration = PostsServer.Configuration(
      faults: FaultPlan(latency: .seconds(60)), maximumConnections: 50)
    try await withServer(configuration) { server, client in
      let sent = ContinuousClock.now  // before the server reads any of the requests
      try await onOwnThread {
        for index in 0..<60 {
          let connection = try RawConnection(port: server.port)
          try connection.send("GET /posts/\(index + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
          connection.close()
        }
      }
      #expect(await eventually { server.openConnections == 0 })
      #expect(ContinuousClock.now - sent < .seconds(60), "freed before any latency could end")
      let put = try await client.send("PUT", "/_faults", json: #"{"latencyMilliseconds": 0}"#)
      #expect(put.status == 200)
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  /// At the limit, with every connection held by a delayed request still waiting for its
  /// answer, a few more connections are kept for `/_faults`: faults can always be turned off.
  @Test func faultsCanBeTurnedOffAtTheLimit() async throws {
    let configuration = PostsServer.Configuration(
      faults: FaultPlan(latency: .seconds(60)), maximumConnections: 5)
    try await withServer(configuration) { server, client in
      var held: [RawConnection] = []
      for index in 0..<5 {
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /posts/\(index + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
        held.append(connection)
      }
      #expect(await eventually { server.openConnections == 5 })
      let other = try await client.get("/posts/9")
      #expect(other.status == 503 && other.message == "Too many connections; try again later")
      let put = try await client.send("PUT", "/_faults", json: #"{"latencyMilliseconds": 0}"#)
      #expect(put.status == 200)
      #expect(put.header("Connection") == "close")
      #expect(server.faults.latency == .zero)
      // The held requests are still answered, after the latency they were given.
      withExtendedLifetime(held) {}
    }
  }
}

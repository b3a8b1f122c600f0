import EndToEndSupport
import Foundation
import PostsService
import Testing

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
}

import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherDiagnostics

/// Raw-socket requests the server must refuse cleanly while it goes on serving others.
@Suite("Bad input over raw sockets", .onOwnThread)
struct BadInputTests {
  /// Sends `request` on its own connection, expects `status` with a JSON message and a closed
  /// connection, then checks that a well-formed request still succeeds.
  private func expectRefusal(_ request: [UInt8], status: Int) async throws {
    try await withServer { server, client in
      let raw = try RawConnection(port: server.port)
      try raw.send(request)
      let response = try await raw.readResponse()
      #expect(response.status == status)
      #expect(response.headers["x-request-id"] != nil)
      #expect(response.headers["connection"] == "close")
      #expect(try JSONSerialization.jsonObject(with: Data(response.body)) is [String: Any])
      #expect(await raw.waitForClose())
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "GET /posts\r\n\r\n",
    "GET  /posts HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET posts HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /posts HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
    "GET /posts HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
    "GET /posts HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
    "GET /posts HTTP/1.1\r\n\r\n",
    "GET /posts HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
    "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "GET /posts/%ZZ HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /posts?q=%FF HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /posts HTTP/x.y\r\nHost: x\r\n\r\n",
  ])
  func malformedRequestsGet400(request: String) async throws {
    try await expectRefusal(Array(request.utf8), status: 400)
  }

  @Test func controlCharactersInHeadersGet400() async throws {
    try await expectRefusal(
      Array("GET /posts HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n".utf8), status: 400)
  }

  @Test func unknownMethodGets405() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      try raw.send("BREW /posts HTTP/1.1\r\nHost: x\r\n\r\n")
      let response = try await raw.readResponse()
      #expect(response.status == 405)
      #expect(response.headers["allow"] == "DELETE, GET, HEAD, PATCH, POST, PUT")
      try raw.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await raw.readResponse().status == 200)
    }
  }

  @Test func unsupportedVersionGets505() async throws {
    try await expectRefusal(Array("GET /posts HTTP/2.0\r\nHost: x\r\n\r\n".utf8), status: 505)
  }

  @Test func chunkedBodiesGet501() async throws {
    try await expectRefusal(
      Array(
        "POST /posts/add HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8),
      status: 501)
  }

  @Test func headersOver16KiBGet431() async throws {
    let filler = String(repeating: "a", count: 17 * 1024)
    try await expectRefusal(
      Array("GET /posts HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)\r\n\r\n".utf8), status: 431)
    // Without ever finishing the head, too.
    try await expectRefusal(Array("GET /posts HTTP/1.1\r\nX-Filler: \(filler)".utf8), status: 431)
  }

  @Test func bodiesOver1MiBGet413() async throws {
    try await expectRefusal(
      Array("POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 1048577\r\n\r\n".utf8)
        + [UInt8](repeating: 0x20, count: 200_000),
      status: 413)
  }

  @Test func aBodyOfExactly1MiBIsAccepted() async throws {
    try await withServer { server, _ in
      let body = #"{"title":"big","userId":1}"#
      let padded = body + String(repeating: " ", count: 1024 * 1024 - body.utf8.count)
      let raw = try RawConnection(port: server.port)
      try raw.send(
        "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: \(padded.utf8.count)\r\n\r\n\(padded)"
      )
      #expect(try await raw.readResponse().status == 201)
    }
  }

  @Test func slowRequestsDoNotBlockOtherClients() async throws {
    // Deadlines far away: this is about serving others meanwhile, not about cutting off.
    let configuration = PostsServer.Configuration(
      headerTimeout: .seconds(120), bodyTimeout: .seconds(120))
    try await withServer(configuration) { server, client in
      let slow = try RawConnection(port: server.port)
      let request = Array(
        "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 29\r\n\r\n{\"title\":\"slow\",\"userId\":1}  "
          .utf8)
      for byte in request.prefix(40) {
        try slow.send([byte])
      }
      // The half-sent request is pending; another client is served meanwhile.
      #expect(try await client.get("/posts/1").status == 200)
      for byte in request.dropFirst(40) {
        try slow.send([byte])
      }
      let response = try await slow.readResponse()
      #expect(response.status == 201)
      #expect(response.text.contains(#""title":"slow""#))
    }
  }

  @Test func abruptlyClosedConnectionsDoNotDisturbTheServer() async throws {
    try await withServer(
      PostsServer.Configuration(faults: FaultPlan(latency: .milliseconds(20)))
    ) {
      server, client in
      for _ in 0..<20 {
        let partial = try RawConnection(port: server.port)
        try partial.send("GET /posts?limit=0 HTTP/1.1\r\nHo")
        partial.reset()
        let waiting = try RawConnection(port: server.port)
        // The reset arrives while the response is held back by latency, so writing it fails.
        try waiting.send("GET /posts?limit=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        waiting.reset()
      }
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func halfClosedClientsStillGetTheirResponse() async throws {
    try await withServer { server, _ in
      let complete = try RawConnection(port: server.port)
      try complete.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      complete.shutdownWriting()
      #expect(try await complete.readResponse().status == 200)
      #expect(await complete.waitForClose())

      let partial = try RawConnection(port: server.port)
      try partial.send("GET /posts/1 HTTP/1.1\r\nHost")
      partial.shutdownWriting()
      let response = try await partial.readResponse()
      #expect(response.status == 400)
      #expect(response.text.contains("closed mid-request"))
      #expect(await partial.waitForClose())
    }
  }

  /// Deadlines of a second: short enough for a quick test, long enough that a client held up
  /// on a loaded machine still sends its bytes in time.
  @Test func silentClientsAreDisconnectedAfterTheIdleTimeout() async throws {
    try await withServer(
      PostsServer.Configuration(idleTimeout: .seconds(1), headerTimeout: .seconds(1))
    ) {
      server, _ in
      let silent = try RawConnection(port: server.port)
      #expect(await silent.waitForClose())

      let stalled = try RawConnection(port: server.port)
      try stalled.send("GET /posts/1 HTTP/1.1\r\nHo")
      let response = try await stalled.readResponse()
      #expect(response.status == 408)
      #expect(await stalled.waitForClose())

      let idleAfterOne = try RawConnection(port: server.port)
      try idleAfterOne.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await idleAfterOne.readResponse().status == 200)
      #expect(await idleAfterOne.waitForClose())
    }
  }
}

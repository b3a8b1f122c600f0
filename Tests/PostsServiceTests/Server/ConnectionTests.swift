import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherDiagnostics

@Suite("Connections", .onOwnThread)
struct ConnectionTests {
  @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      for id in 1...20 {
        try raw.send("GET /posts/\(id) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try await raw.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["connection"] == "keep-alive")
        let date = try #require(response.headers["date"])
        #expect(
          date.wholeMatch(of: /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/)
            != nil)
        #expect(response.text.hasPrefix("{\"id\":\(id),"))
      }
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      try raw.send(
        "GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n\r\nGET /posts/2 HTTP/1.1\r\nHost: x\r\n\r\n"
          + "GET /posts/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      for id in 1...3 {
        #expect(try await raw.readResponse().text.hasPrefix("{\"id\":\(id),"))
      }
      #expect(await raw.waitForClose())
    }
  }

  @Test func http10ClosesUnlessAskedToKeepAlive() async throws {
    try await withServer { server, _ in
      let closing = try RawConnection(port: server.port)
      try closing.send("GET /posts/1 HTTP/1.0\r\n\r\n")
      #expect(try await closing.readResponse().headers["connection"] == "close")
      #expect(await closing.waitForClose())

      let keeping = try RawConnection(port: server.port)
      try keeping.send("GET /posts/1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
      #expect(try await keeping.readResponse().headers["connection"] == "keep-alive")
      try keeping.send("GET /posts/2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
      #expect(try await keeping.readResponse().status == 200)
    }
  }

  @Test func headAnswersWithoutABody() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      try raw.send(
        "HEAD /posts/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /posts/2 HTTP/1.1\r\nHost: x\r\n\r\n")
      let head = try await raw.readResponse(bodyExpected: false)
      #expect(head.status == 200)
      #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 0)
      #expect(try await raw.readResponse().text.hasPrefix("{\"id\":2,"))
    }
  }

  @Test func expectContinueGetsAnInterimResponse() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      let body = #"{"title":"t","userId":2}"#
      try raw.send(
        "POST /posts/add HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
      )
      #expect(try await raw.readResponse(bodyExpected: false).status == 100)
      try raw.send(body)
      #expect(try await raw.readResponse().status == 201)
    }
  }

  @Test func twoHundredConcurrentClients() async throws {
    try await withServer { server, client in
      // All 200 connections are open at once, each with a request in flight.
      let connections = try (0..<200).map { _ in try RawConnection(port: server.port) }
      for (index, connection) in connections.enumerated() {
        try connection.send("GET /posts/\(index % 251 + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
      }
      for (index, connection) in connections.enumerated() {
        let response = try await connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("{\"id\":\(index % 251 + 1),"))
      }
      // And URLSession clients in parallel.
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<50 {
          group.addTask { try await client.get("/posts?skip=\(index)&limit=5").status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == Array(repeating: 200, count: 50))
    }
  }

  @Test func connectionsOverTheLimitGet503() async throws {
    try await withServer(PostsServer.Configuration(maximumConnections: 1)) { server, _ in
      let first = try RawConnection(port: server.port)
      try first.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await first.readResponse().status == 200)

      let second = try RawConnection(port: server.port)
      let refused = try await second.readResponse()
      #expect(refused.status == 503)
      #expect(refused.text.contains("Too many connections"))
    }
  }

  @Test func shutdownClosesIdleConnectionsAndFreesThePort() async throws {
    let server = try PostsServer.start()
    let idle = try RawConnection(port: server.port)
    try idle.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try await idle.readResponse().status == 200)
    #expect(TCPTable.isListening(onPort: server.port))
    await server.shutdown()
    #expect(await idle.waitForClose())
    // The port is free: nothing listens on it any more. (Connecting to it raced the other
    // tests' servers, which the kernel may hand the freed port; binding it again raced their
    // clients, one of which may hold it as its own local port.)
    #expect(!TCPTable.isListening(onPort: server.port))
    await server.shutdown()
  }

  @Test func startFailsClearlyWhenThePortIsTaken() async throws {
    try await withServer { server, _ in
      #expect {
        try PostsServer.start(PostsServer.Configuration(port: server.port))
      } throws: { error in
        "\(error)".contains("cannot listen on 127.0.0.1:\(server.port)")
      }
    }
    #expect(throws: PostsServerError.self) {
      try PostsServer.start(PostsServer.Configuration(host: "example.com"))
    }
    #expect(throws: PostsServerError.self) {
      try PostsServer.start(PostsServer.Configuration(faults: FaultPlan(dropRate: -1)))
    }
  }
}

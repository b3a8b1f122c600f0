import EndToEndSupport
import Foundation
import PostsService
import Testing

/// Clients that send slowly or not at all: each phase of a request has a deadline that bytes
/// trickling in do not move, and holding connections costs no threads.
@Suite("Slow clients", .onOwnThread)
struct SlowClientTests {
  /// Sends one byte at a time, waiting up to 50 ms for an answer after each, until the server
  /// answers or `limit` passes; returns the answer's status.
  private func trickle(
    _ bytes: [UInt8], on connection: RawConnection, for limit: Duration = .seconds(5)
  ) throws -> Int? {
    let deadline = ContinuousClock.now + limit
    var remaining = bytes[...]
    while ContinuousClock.now < deadline {
      if connection.hasIncomingData(within: .milliseconds(50)) {
        return try connection.readResponse().status
      }
      let byte = remaining.popFirst() ?? UInt8(ascii: "X")
      try connection.send([byte])
    }
    return nil
  }

  @Test func aHeadTricklingInIsCutOffAtTheHeaderDeadline() async throws {
    let configuration = PostsServer.Configuration(
      idleTimeout: .seconds(30), headerTimeout: .milliseconds(300))
    try await withServer(configuration) { server, client in
      let slow = try RawConnection(port: server.port)
      try slow.send("GET /posts/1 HTTP/1.1\r\n")
      // A byte every 50 ms would keep a per-read timeout of 300 ms from ever firing.
      #expect(try trickle(Array("X-Slow: 1".utf8), on: slow) == 408)
      #expect(await slow.waitForClose())
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func aBodyTricklingInIsCutOffAtTheBodyDeadline() async throws {
    let configuration = PostsServer.Configuration(
      idleTimeout: .seconds(30), bodyTimeout: .milliseconds(300))
    try await withServer(configuration) { server, _ in
      let slow = try RawConnection(port: server.port)
      try slow.send("POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
      let status = try trickle(Array(repeating: UInt8(ascii: " "), count: 999), on: slow)
      #expect(status == 408)
    }
  }

  @Test func slowClientsHoldingEveryPlaceAreCutOffAndOthersAreServedAgain() async throws {
    let configuration = PostsServer.Configuration(
      idleTimeout: .seconds(30), headerTimeout: .seconds(4), maximumConnections: 40)
    try await withServer(configuration) { server, client in
      // Between taking the places and asking once more, less than the header deadline may
      // pass: on a loaded run the cooperative pool can be held up for seconds by other tests,
      // so this part runs, blocking, on a thread of its own.
      let turnedAway = try await onOwnThread { () throws -> RawConnection.Response in
        let slow = try (0..<40).map { _ in try RawConnection(port: server.port) }
        for connection in slow { try connection.send("GET /posts/1 HTTP/1.1\r\nX-A: ") }
        // Connected is not yet accepted: wait until the server holds all 40 places.
        let held = ContinuousClock.now + .seconds(3)
        while server.openConnections < 40, ContinuousClock.now < held { usleep(1_000) }
        // Every place is taken: a new client is turned away with a readable 503.
        let extra = try RawConnection(port: server.port)
        try extra.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try extra.readResponse()
        // The slow heads run out of time, however they trickle, and their places come back.
        for connection in slow {
          #expect(try trickle([], on: connection, for: .seconds(30)) == 408)
        }
        return response
      }
      #expect(turnedAway.status == 503)
      #expect(turnedAway.headers["retry-after"] == "1")
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func connectionsCostNoThreads() async throws {
    func threadCount() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count
    }
    try await withServer { server, client in
      #expect(try await client.get("/posts/1").status == 200)
      let before = try threadCount()
      let connections = try (0..<300).map { _ in try RawConnection(port: server.port) }
      for (index, connection) in connections.enumerated() {
        try connection.send(index.isMultiple(of: 2) ? "GET /posts/1 HTTP/1.1\r\n" : "P")
      }
      // All 300 are being served (a complete request on one of them is answered at once)...
      let last = connections[connections.count - 1]
      try last.send("OST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
      #expect(try await last.readResponse().status == 400)
      // ...and the server has as many threads as before them. (The count is the process's, and
      // tests running meanwhile start threads of their own — a thread per test and per waiting
      // read in the end-to-end and raw-socket suites; a thread per connection would add 300.)
      #expect(try threadCount() <= before + 150)
    }
  }
}

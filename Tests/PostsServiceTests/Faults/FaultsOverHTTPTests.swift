import EndToEndSupport
import Foundation
import Testing
import TetherDiagnostics
import TetherSynchronization

@testable import PostsService

@Suite("Faults over HTTP", .onOwnThread)
struct FaultsOverHTTPTests {
  @Test func inProcessSettingsChangeLive() async throws {
    try await withServer(PostsServer.Configuration(faults: FaultPlan(failNext: 1))) {
      server, client in
      #expect(server.faults.failNext == 1)
      #expect(try await client.get("/posts/1").status >= 500)
      #expect(server.faults.failNext == 0)
      #expect(try await client.get("/posts/1").status == 200)

      try server.updateFaults { $0.failureRate = 1 }
      #expect(try await client.get("/posts/1").status >= 500)
      #expect(throws: FaultPlanError.self) { try server.updateFaults { $0.failureRate = 2 } }
      #expect(server.faults == FaultPlan(failureRate: 1))
      try server.updateFaults { $0 = .none }
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func controlRouteReadsAndChangesSettings() async throws {
    try await withServer { server, client in
      let initial = try await client.get("/_faults").object()
      #expect(initial["failureRate"] as? Double == 0)
      #expect(
        Set(initial.keys) == [
          "failureRate", "failureStatuses", "retryAfterSeconds", "latencyMilliseconds",
          "jitterMilliseconds", "malformedRate", "dropRate", "failNext", "failNextRoutes", "routes",
        ])

      let changed = try await client.send(
        "PUT", "/_faults",
        json: #"{"failureRate": 1, "latencyMilliseconds": 1.5, "routes": ["/users"]}"#)
      #expect(changed.status == 200)
      #expect(try changed.object()["latencyMilliseconds"] as? Double == 1.5)
      #expect(
        server.faults
          == FaultPlan(failureRate: 1, routes: ["/users"], latency: .microseconds(1500)))

      #expect(try await client.get("/users/1").status >= 500)
      #expect(try await client.get("/posts/1").status == 200)
      // The control route itself is never affected, so faults can always be turned off.
      try server.updateFaults { $0.routes = [] }
      #expect(try await client.get("/_faults").status == 200)

      let invalid = try await client.send(
        "PUT", "/_faults", json: #"{"failureRate": 0, "dropRate": 3}"#)
      #expect(invalid.status == 400)
      #expect(invalid.message == "dropRate must be between 0 and 1, not 3.0")
      let unknown = try await client.send("PUT", "/_faults", json: #"{"failRate": 0}"#)
      #expect(unknown.message == "unknown fault setting 'failRate'")
      #expect(server.faults.failureRate == 1)

      #expect(try await client.send("PUT", "/_faults", json: #"{"failureRate": 0}"#).status == 200)
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func rateLimitingWithRetryAfterAndFailingOneRouteNextOverHTTP() async throws {
    try await withServer { server, client in
      let changed = try await client.send(
        "PUT", "/_faults",
        json: #"""
          {"failNext": 2, "failNextRoutes": ["GET /posts/5$"], "failureStatuses": [429],
           "retryAfterSeconds": 2}
          """#)
      #expect(changed.status == 200)
      #expect(try changed.object()["retryAfterSeconds"] as? Double == 2)
      #expect(
        server.faults
          == FaultPlan(
            failureStatuses: [429], retryAfter: .seconds(2), failNext: 2,
            failNextRoutes: ["GET /posts/5$"]))
      #expect(server.faults.description == "fail next 2 of GET /posts/5$ 429 Retry-After 2 s")

      // Other routes, and the post's comments, are untouched.
      #expect(try await client.get("/posts/6").status == 200)
      #expect(try await client.get("/posts/5/comments").status == 200)
      for _ in 0..<2 {
        let limited = try await client.get("/posts/5")
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "2")
      }
      #expect(try await client.get("/posts/5").status == 200)

      let reset = try await client.send(
        "PUT", "/_faults", json: #"{"retryAfterSeconds": null, "failureStatuses": [500, 503]}"#)
      #expect(try reset.object()["retryAfterSeconds"] is NSNull)
      #expect(server.faults.description == "none")
      let invalid = try await client.send("PUT", "/_faults", json: #"{"failureStatuses": [302]}"#)
      #expect(invalid.message == "failureStatuses must be one or more statuses from 400 to 599")
    }
  }

  @Test func failureRateOverHTTPIsNearTheRateAndRepeatsForASeed() async throws {
    let configuration = PostsServer.Configuration(faults: FaultPlan(failureRate: 0.3), seed: 7)
    func statuses() async throws -> [Int] {
      try await withServer(configuration) { _, client in
        var statuses: [Int] = []
        for _ in 0..<200 {
          let response = try await client.get("/posts/1")
          if response.status != 200 {
            #expect(response.message == "Injected failure (fault injection is on)")
            #expect(response.header("X-Request-Id") != nil)
            #expect(response.header("X-Tether-Fault") == "server \(response.status)")
          }
          statuses.append(response.status)
        }
        return statuses
      }
    }
    let first = try await statuses()
    let failures = first.filter { $0 != 200 }
    #expect(abs(Double(failures.count) / 200 - 0.3) <= 0.08)
    #expect(Set(failures) == [500, 503])
    #expect(try await statuses() == first)
  }

  @Test func malformedBodiesAreCutShortJSON() async throws {
    try await withServer(PostsServer.Configuration(faults: FaultPlan(truncatedRate: 1))) {
      _, client in
      let response = try await client.get("/posts?limit=3")
      #expect(response.status == 200)
      #expect(response.body.count > 10)
      #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
    }
  }

  @Test func droppedConnectionsGetNoAnswer() async throws {
    try await withServer(PostsServer.Configuration(faults: FaultPlan(dropRate: 1))) {
      server, client in
      await #expect(throws: (any Error).self) { try await client.get("/posts/1") }

      let raw = try RawConnection(port: server.port)
      try raw.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(await raw.waitForClose())

      try server.updateFaults { $0.dropRate = 0 }
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func aDelayedRequestDoesNotHoldUpOthersAndShutdownFinishesIt() async throws {
    // `failNext` counts down when the slow request's faults are decided, which tells the test
    // that the request is being held back by the server.
    let configuration = PostsServer.Configuration(
      faults: FaultPlan(failNext: 1, routes: ["/posts/1"], latency: .seconds(60)))
    try await withServer(configuration) { server, client in
      // The slow request is sent from a thread of its own over a raw connection, so that a
      // cooperative pool held up by other tests (as under the thread sanitizer) cannot keep it
      // from reaching the server before the wait below gives up.
      let port = server.port
      let slowDone = Flag()
      // A child task, not `Task {}`: it starts on this test's own thread at once, where an
      // unstructured task would wait for the pool.
      async let slow = onOwnThread { () throws -> RawConnection.Response in
        defer { slowDone.set() }
        let connection = try RawConnection(port: port, timeout: .seconds(60))
        try connection.send("GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        return try connection.readResponse()
      }
      #expect(await eventually { server.faults.failNext == 0 })
      let others = try await (client.get("/posts/2"), client.get("/users/1"))
      #expect(others.0.status == 200 && others.1.status == 200)
      #expect(!slowDone.isSet)

      await server.shutdown()
      let response = try await slow
      #expect(response.status >= 500)
      #expect(response.headers["connection"] == "close")
    }
  }

  @Test func eachRequestIsLoggedWithItsFaults() async throws {
    let entries = SanitizerVisibleMutex<[RequestLogEntry]>([])
    let configuration = PostsServer.Configuration(
      faults: FaultPlan(failNext: 1, latency: .milliseconds(1)),
      requestLog: { entry in entries.withLock { $0.append(entry) } })
    try await withServer(configuration) { _, client in
      _ = try await client.get("/posts/1?select=title", headers: ["X-Request-Id": "first"])
      _ = try await client.get("/posts/2", headers: ["X-Request-Id": "second"])
      #expect(await eventually { entries.withLock { $0.count } == 2 })
    }
    let logged = entries.withLock { $0 }
    #expect(logged.map(\.requestID) == ["first", "second"])
    #expect(logged.map(\.target) == ["/posts/1?select=title", "/posts/2"])
    #expect(logged.map(\.method) == ["GET", "GET"])
    #expect(logged[0].faults.count == 2 && logged[0].faults[0] == .latency(.milliseconds(1)))
    #expect(logged[1].status == 200 && logged[1].faults == [.latency(.milliseconds(1))])
    let line = logged[0].description
    #expect(line.hasPrefix("first GET /posts/1?select=title 50"))
    #expect(line.contains("faults: latency 1.0ms, failure 50"))
  }
}

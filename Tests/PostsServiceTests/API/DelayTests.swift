import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherSynchronization

/// dummyjson's `delay=MS` on every route.
@Suite("delay=")
struct DelayTests {
  @Test(arguments: ["/posts/1", "/comments?limit=1", "/users/2", "/nothing/here", "/_faults"])
  func everyRouteIsHeldBack(path: String) async throws {
    let entries = SanitizerVisibleMutex<[RequestLogEntry]>([])
    let configuration = PostsServer.Configuration(requestLog: { entry in
      entries.withLock { $0.append(entry) }
    })
    try await withServer(configuration) { _, client in
      let separator = path.contains("?") ? "&" : "?"
      let response = try await client.get("\(path)\(separator)delay=300")
      #expect(response.status != 400)
      #expect(await eventually { entries.withLock { $0.count } == 1 })
      #expect(try #require(entries.withLock { $0.first }).duration >= .milliseconds(300))
    }
  }

  @Test(arguments: [
    ("-1", "Delay should be a positive number in milliseconds"),
    ("soon", "Delay should be a positive number in milliseconds"),
    ("5001", "Delay should be less than 5 seconds (5000 milliseconds)"),
  ])
  func invalidDelaysAre400(value: String, message: String) async throws {
    try await withServer { _, client in
      let response = try await client.get("/posts/1?delay=\(value)")
      #expect(response.status == 400)
      #expect(response.message == message)
      #expect(try await client.get("/posts/1?delay=0").status == 200)
    }
  }
}

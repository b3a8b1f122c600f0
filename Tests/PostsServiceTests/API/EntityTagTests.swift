import Foundation
import Testing
import TetherCore
import TetherHTTP
import TetherSynchronization

@testable import PostsService

@Suite("Entity tags")
struct EntityTagTests {
  @Test("reads carry an ETag; If-None-Match with it is 304 without a body; a change changes it")
  func tagsAndNotModified() async throws {
    try await withServer { _, client in
      let first = try await client.get("/posts/1")
      let tag = try #require(first.headers["Etag"] ?? first.headers["ETag"])
      #expect(tag.hasPrefix("\"") && tag.count == 18)
      let again = try await client.get("/posts/1", headers: ["If-None-Match": "\"x\", \(tag)"])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(
        try await client.get("/posts/1", headers: ["If-None-Match": "W/\(tag)"]).status == 304)
      #expect(try await client.get("/posts/2", headers: ["If-None-Match": tag]).status == 200)

      _ = try await client.send("PUT", "/posts/1", json: #"{"title":"Changed"}"#)
      let changed = try await client.get("/posts/1", headers: ["If-None-Match": tag])
      #expect(changed.status == 200)
      #expect((changed.headers["Etag"] ?? changed.headers["ETag"]) != tag)
    }
  }

  @Test("writes and failures carry no tag and are never 304")
  func onlySuccessfulReads() async throws {
    try await withServer { _, client in
      let missing = try await client.get("/posts/9999", headers: ["If-None-Match": "*"])
      #expect(missing.status == 404)
      let added = try await client.send(
        "POST", "/posts/add", json: #"{"title":"t","userId":1}"#, headers: ["If-None-Match": "*"])
      #expect(added.status == 201)
      #expect(added.headers["Etag"] == nil && added.headers["ETag"] == nil)
    }
  }

  @Test("a query against the service revalidates: the second fetch is a 304 the observers see")
  func queryRevalidates() async throws {
    final class Statuses: HTTPObserver {
      let seen = SanitizerVisibleMutex<[Int]>([])
      func didFinish(_ exchange: HTTPExchange) {
        seen.withLock { $0.append(exchange.response?.statusCode ?? 0) }
      }
    }
    try await withServer { server, _ in
      let statuses = Statuses()
      let api = server.api(observers: [statuses])
      let operations = OperationClient(clock: SystemClock(), connectivity: ManualCondition(true))
      struct Feed: Decodable, Sendable {
        struct Post: Decodable, Sendable { var id: Int }
        var posts: [Post]
      }
      let store = operations.store(for: api.query(Endpoint<Feed>(.get, "posts")))
      let first = try await store.fetch()
      let second = try await store.fetch()
      #expect(first.posts.map(\.id) == second.posts.map(\.id))
      #expect(statuses.seen.withLock { $0 } == [200, 304])
      #expect(store.state.valueUpdateCount == 2)
    }
  }
}

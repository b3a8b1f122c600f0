import Foundation
import Testing
import TetherCore
import TetherHTTP

// The Swift block of TetherHTTP's ConditionalRequests.md, as written there, against the service.

struct Feed: Decodable, Sendable {
  struct Post: Decodable, Sendable {
    var id: Int
    var title: String
  }
  var posts: [Post]
}

func refreshTwice(api: APIClient, operations: OperationClient) async throws -> Int {
  let feed = operations.store(for: api.query(Endpoint<Feed>(.get, "posts")))
  try await feed.fetch()  // 200 with an ETag
  try await feed.refetch()  // If-None-Match: the tag; a 304 keeps the value fresh
  return feed.state.valueUpdateCount  // 2
}

@Suite("ConditionalRequests article")
struct ConditionalArticleTests {
  @Test("the article's refresh revalidates against the service")
  func example() async throws {
    try await withServer { server, _ in
      let api = server.api()
      let operations = OperationClient(clock: SystemClock(), connectivity: ManualCondition(true))
      let updates = try await refreshTwice(api: api, operations: operations)
      #expect(updates == 2)
      #expect(api.validators?.count == 1)
    }
  }
}

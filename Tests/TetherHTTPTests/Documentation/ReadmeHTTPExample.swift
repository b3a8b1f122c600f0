// Mirrors a Swift block of README.md as written; DocumentationTests checks it.

import Foundation
import TetherCore
import TetherHTTP

func readmeHTTPExample() async throws {
  struct Post: Codable, Sendable {
    var id: Int
    var title: String
  }

  let api = APIClient(baseURL: URL(string: "https://dummyjson.com")!)
  let first = try await api.send(Endpoint<Post>(.get, "posts/1"))
  let post = OperationClient().store(
    for: api.query(Endpoint<Post>(.get, "posts/2"), path: ["post", 2]))
  print(first.title, try await post.fetch().title)  // retried on 5xx, 429, timeouts
}

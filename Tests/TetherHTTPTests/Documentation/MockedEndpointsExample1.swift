// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/MockedEndpoints.md as written;
// DocumentationTests checks it. MockedEndpointsArticleTests runs the article's examples.

import Foundation
import TetherCore
import TetherHTTP

/// A namespace, so that the block's `Post` and `PostsAPI` are not the tests' own.
enum MockedEndpointsExample1 {
  struct Post: Codable, Sendable {
    var id: Int
    var title: String
  }

  enum PostsAPI {
    static func post(_ id: Int) -> Endpoint<Post> {
      Endpoint<Post>(.get, "posts/\(id)")
        .mocked(.text(#"{"id":\#(id),"title":"Hello"}"#, delay: .seconds(2)))
    }
  }

  func loadsAfterTwoSeconds() async throws -> Post {
    let clock = TestClock()
    let api = APIClient.mocked(clock: clock)
    let answer = Task { try await api.send(PostsAPI.post(1)) }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(2))
    return try await answer.value
  }
}

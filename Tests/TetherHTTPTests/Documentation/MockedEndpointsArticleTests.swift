import Foundation
import Testing
import TetherCore
import TetherHTTP

// The Swift blocks of MockedEndpoints.md, as written there.

private struct ArticlePost: Codable, Sendable {
  var id: Int
  var title: String
}

private enum PostsAPI {
  static func post(_ id: Int) -> Endpoint<ArticlePost> {
    Endpoint<ArticlePost>(.get, "posts/\(id)")
      .mocked(.text(#"{"id":\#(id),"title":"Hello"}"#, delay: .seconds(2)))
  }
}

private func loadsAfterTwoSeconds() async throws -> ArticlePost {
  let clock = TestClock()
  let api = APIClient.mocked(clock: clock)
  let answer = Task { try await api.send(PostsAPI.post(1)) }
  await clock.waitForSleepers()
  clock.advance(by: .seconds(2))
  return try await answer.value
}

private let addPost = Endpoint<Void>(.post, "posts/add", body: .json(["title": "Hi"])).mocked {
  request in
  request.value(forHTTPHeaderField: "Authorization") == nil
    ? .text(#"{"message":"Authentication required"}"#, statusCode: 401)
    : MockResponse(statusCode: 201)
}

@Suite("MockedEndpoints article")
struct MockedEndpointsArticleTests {
  @Test("the article's examples run as it says")
  func examples() async throws {
    #expect(try await loadsAfterTwoSeconds().title == "Hello")
    let api = APIClient.mocked(clock: TestClock())
    let error = await #expect(throws: HTTPError.self) { try await api.send(addPost) }
    #expect(error?.statusCode == 401)
    var signedIn = api
    signedIn.defaults.headers["Authorization"] = "Bearer t"
    let client = signedIn
    try await client.send(addPost)
  }
}

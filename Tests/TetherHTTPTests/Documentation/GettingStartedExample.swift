// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/GettingStarted.md as written; DocumentationTests checks it.

import Foundation
import TetherCore
import TetherHTTP

func gettingStartedExample() async throws {
  struct Post: Codable, Sendable { var id: Int, title: String, body: String, userId: Int }
  struct PostDraft: Codable, Sendable { var title: String, body: String, userId: Int }
  struct PostsPage: Codable, Sendable { var posts: [Post], total: Int, skip: Int, limit: Int }
  struct ServerMessage: Decodable, Sendable { var message: String }

  enum PostsAPI {
    static func page(skip: Int) -> Endpoint<PostsPage> {
      Endpoint(
        .get, "posts",
        query: [
          URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "skip", value: "\(skip)"),
        ])
    }
    static func add(_ draft: PostDraft) -> Endpoint<Post> {
      Endpoint(.post, "posts/add", body: .json(draft))
    }
  }

  let api = APIClient(
    baseURL: URL(string: "https://dummyjson.com")!,
    defaults: RequestDefaults(headers: ["Accept": "application/json"]),
    clientError: .json(ServerMessage.self))  // `{"message": …}` bodies, typed
  let page = try await api.send(PostsAPI.page(skip: 0))

  // One call turns endpoints into TetherCore operations; HTTPError's retry policy (transport
  // failures, timeouts, 408, 429, 5xx; Retry-After on 429 and 503) applies to them.
  let post = api.query(Endpoint<Post>(.get, "posts/1"), path: ["post", 1])
  let add = api.mutation(["posts", "add"]) { (draft: PostDraft) in PostsAPI.add(draft) }
  let feed = api.paginatedQuery(path: ["posts"], initialPageID: 0) { last, _ in
    last.id + last.value.posts.count < last.value.total ? last.id + last.value.posts.count : nil
  } endpoint: { skip in
    PostsAPI.page(skip: skip)
  }

  let client = OperationClient()
  print(page.total, try await client.store(for: post).fetch().title)
  try await client.store(for: add).mutate(with: PostDraft(title: "Hi", body: "", userId: 1))
  try await client.store(for: feed).fetchNextPage()
}

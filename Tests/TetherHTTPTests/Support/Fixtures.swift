import Foundation
import TetherHTTP

/// A dummyjson post.
struct Post: Codable, Sendable, Equatable {
  var id: Int
  var title: String
  var userId: Int
}

/// A dummyjson page of posts.
struct PostsPage: Codable, Sendable, Equatable {
  var posts: [Post]
  var total: Int
  var skip: Int
  var limit: Int
}

/// dummyjson's error body: `{"message": "..."}`.
struct APIMessage: Codable, Sendable, Equatable, CustomStringConvertible {
  var message: String
  var description: String { message }
}

let baseURL = URL(string: "https://api.example.com/v1")!

func postsPage(skip: Int = 0, limit: Int = 2, total: Int = 6) -> PostsPage {
  PostsPage(
    posts: (skip..<min(skip + limit, total)).map {
      Post(id: $0 + 1, title: "Post \($0 + 1)", userId: 1)
    },
    total: total, skip: skip, limit: limit)
}

func json(_ value: some Encodable) -> Data {
  try! JSONEncoder().encode(value)
}

extension Result {
  /// The failure as an `HTTPError` (a `Task`'s result erases typed throws).
  var httpError: HTTPError? {
    if case .failure(let error) = self { error as? HTTPError } else { nil }
  }
}

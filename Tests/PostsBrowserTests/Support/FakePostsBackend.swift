import Foundation
import PostsBrowser
import TetherCore
import TetherHTTP
import TetherSynchronization

/// A dummyjson-shaped Posts API in memory, on a `MockTransport` whose delays run on the test
/// clock. Routes can be made to fail or to take time, while the test runs.
final class FakePostsBackend: Sendable {
  private struct State {
    var posts: [Post]
    var failures: [String: (status: Int, message: String)] = [:]
    var delays: [String: Duration] = [:]
    var overrides: [String: MockResponse] = [:]
  }

  let transport: MockTransport
  private let state: SanitizerVisibleMutex<State>

  /// Posts 1...`count`, by users 1...5; `title` names each post.
  init(
    clock: any TetherClock, count: Int,
    title: @escaping @Sendable (Int) -> String = { "Post \($0)" }
  ) {
    transport = MockTransport(clock: clock)
    let posts = (1...max(1, count)).map { id in
      Post(
        id: id, title: title(id), body: "Body of post \(id).", tags: ["tag\(id % 3)"],
        reactions: .init(likes: id * 2, dislikes: id % 4), views: id * 10, userId: id % 5 + 1)
    }
    state = SanitizerVisibleMutex(State(posts: posts))
    register(maximumID: count + 20)
  }

  /// Every post, as stored.
  var posts: [Post] { state.withLock { $0.posts } }

  /// Answers requests to `path` with `status` and a dummyjson error body until ``heal(_:)``.
  func fail(_ path: String, status: Int, message: String = "Injected failure") {
    state.withLock { $0.failures[path] = (status, message) }
  }

  /// Answers `path` normally again.
  func heal(_ path: String) {
    state.withLock { _ = $0.failures.removeValue(forKey: path) }
  }

  /// Answers requests to `path` with `response` (hostile bodies, wrong shapes) until it is
  /// given nil.
  func override(_ path: String, with response: MockResponse?) {
    state.withLock { $0.overrides[path] = response }
  }

  /// Delays answers to `path` by `delay` on the test clock.
  func delay(_ path: String, by delay: Duration?) {
    state.withLock { $0.delays[path] = delay }
  }

  private func register(maximumID: Int) {
    transport.respond(to: .get, "/posts") { [self] request in
      let query = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
      let limit = Int(query.first { $0.name == "limit" }?.value ?? "30") ?? 30
      let skip = Int(query.first { $0.name == "skip" }?.value ?? "0") ?? 0
      return try answer("/posts") { posts in
        let sorted = posts.sorted { $0.id > $1.id }
        let page = Array(sorted.dropFirst(skip).prefix(limit == 0 ? sorted.count : limit))
        return PostsPage(posts: page, total: sorted.count, skip: skip, limit: page.count)
      }
    }
    transport.respond(to: .post, "/posts/add") { [self] request in
      let draft = try JSONDecoder().decode(PostDraft.self, from: request.httpBody ?? Data())
      return try answer("/posts/add") { posts in
        let post = Post(
          id: (posts.map(\.id).max() ?? 0) + 1, title: draft.title, body: draft.body,
          userId: draft.userId ?? 1)
        posts.append(post)
        return post
      }
    }
    for id in 1...maximumID {
      let path = "/posts/\(id)"
      transport.respond(to: .get, path) { [self] _ in
        try answer(path) { posts in try found(id, in: posts) }
      }
      transport.respond(to: .put, path) { [self] request in
        let draft = try JSONDecoder().decode(PostDraft.self, from: request.httpBody ?? Data())
        return try answer(path) { posts in
          _ = try found(id, in: posts)
          let index = posts.firstIndex { $0.id == id }!
          posts[index].title = draft.title
          posts[index].body = draft.body
          return posts[index]
        }
      }
      transport.respond(to: .delete, path) { [self] _ in
        try answer(path) { posts in
          let post = try found(id, in: posts)
          posts.removeAll { $0.id == id }
          return post
        }
      }
      // Two comments on every post, by users 1 and 2.
      let commentsPath = "/comments/post/\(id)"
      transport.respond(to: .get, commentsPath) { [self] _ in
        try answer(commentsPath) { posts in
          _ = try found(id, in: posts)
          let comments = (1...2).map { index in
            Comment(
              id: id * 10 + index, body: "Comment \(index) on post \(id)", postId: id,
              likes: index,
              user: .init(id: index, username: "user\(index)", fullName: "User \(index)"))
          }
          return CommentsPage(comments: comments, total: 2, skip: 0, limit: 2)
        }
      }
      transport.respond(to: .get, "/users/\(id)") { [self] _ in
        try answer("/users/\(id)") { _ in
          User(id: id, firstName: "First\(id)", lastName: "Last\(id)", username: "user\(id)")
        }
      }
    }
  }

  private struct NotFound: Error { var id: Int }

  private func found(_ id: Int, in posts: [Post]) throws -> Post {
    guard let post = posts.first(where: { $0.id == id }) else { throw NotFound(id: id) }
    return post
  }

  /// Runs `body` on the posts unless `path` fails; wraps its value or failure as a response.
  private func answer<Value: Encodable>(
    _ path: String, _ body: (inout [Post]) throws -> Value
  ) throws -> MockResponse {
    let (failure, delay, override) = state.withLock {
      ($0.failures[path], $0.delays[path], $0.overrides[path])
    }
    if var override {
      override.delay = override.delay ?? delay
      return override
    }
    if let failure {
      return try .json(
        ServerMessage(message: failure.message), statusCode: failure.status, delay: delay)
    }
    do {
      let value = try state.withLock { try body(&$0.posts) }
      return try .json(value, delay: delay)
    } catch let error as NotFound {
      return try .json(
        ServerMessage(message: "Post with id '\(error.id)' not found"), statusCode: 404,
        delay: delay)
    }
  }
}

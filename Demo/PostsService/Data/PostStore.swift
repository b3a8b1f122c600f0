/// The service's data, kept in memory for the life of the server.
///
/// Posts change (writes persist, unlike on dummyjson); users and comments are fixed. Readers get a
/// copy-on-write snapshot of the posts, so filtering and sorting happen outside the lock.
final class PostStore: Sendable {
  let users: [Int: User]
  private let commentsByPost: [Int: [Comment]]
  private let state: SanitizerVisibleMutex<State>

  private struct State {
    /// Sorted by ascending `id`.
    var posts: [Post]
    var nextID: Int

    func index(of id: Int) -> Int? {
      var low = 0
      var high = posts.count
      while low < high {
        let middle = (low + high) / 2
        if posts[middle].id < id { low = middle + 1 } else { high = middle }
      }
      return low < posts.count && posts[low].id == id ? low : nil
    }
  }

  init(_ data: SampleData = .generate()) {
    users = Dictionary(uniqueKeysWithValues: data.users.map { ($0.id, $0) })
    commentsByPost = Dictionary(grouping: data.comments, by: \.postId)
    let posts = data.posts.sorted { $0.id < $1.id }
    state = SanitizerVisibleMutex(State(posts: posts, nextID: (posts.last?.id ?? 0) + 1))
  }

  /// All posts, by ascending id.
  var posts: [Post] {
    state.withLock { $0.posts }
  }

  func post(id: Int) -> Post? {
    state.withLock { state in
      state.index(of: id).map { state.posts[$0] }
    }
  }

  func comments(onPost id: Int) -> [Comment] {
    commentsByPost[id] ?? []
  }

  /// Stores the post `makePost` makes with the next free id and returns it; stores nothing when
  /// `makePost` throws.
  func add<Failure: Error>(
    _ makePost: (_ id: Int) throws(Failure) -> Post
  ) throws(Failure) -> Post {
    try state.withLock { (state) throws(Failure) -> Post in
      let post = try makePost(state.nextID)
      state.nextID += 1
      state.posts.append(post)
      return post
    }
  }

  /// Applies `change` to the post with `id` and returns the result, or `nil` when there is none.
  func update(id: Int, _ change: (inout Post) -> Void) -> Post? {
    state.withLock { state in
      guard let index = state.index(of: id) else { return nil }
      change(&state.posts[index])
      state.posts[index].id = id
      return state.posts[index]
    }
  }

  /// Removes the post with `id` and returns it, or `nil` when there is none.
  func delete(id: Int) -> Post? {
    state.withLock { state in
      state.index(of: id).map { state.posts.remove(at: $0) }
    }
  }
}

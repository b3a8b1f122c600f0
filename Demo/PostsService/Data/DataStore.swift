import TetherSynchronization

/// The service's data in memory: posts and comments change through the API (when writes are
/// stored), users are fixed.
///
/// What clients create is bounded: at most `maximumCreated` created posts and as many created
/// comments are kept; creating one more drops the oldest created one (the starting data is
/// never dropped). Readers get copy-on-write snapshots, so filtering and sorting happen outside
/// the lock.
final class DataStore: Sendable {
  let users: [User]
  let usersByID: [Int: User]
  /// How many posts and comments the data started with (dummyjson's next id is this plus 1).
  let initialPostCount: Int
  let initialCommentCount: Int
  let maximumCreated: Int
  private let state: SanitizerVisibleMutex<State>

  private struct State {
    var posts: RecordList<Post>
    var comments: RecordList<Comment>
    var changes = PostChangeLog()
  }

  init(_ data: PostsData, maximumCreated: Int) {
    users = data.users
    usersByID = Dictionary(data.users.map { ($0.id, $0) }) { first, _ in first }
    initialPostCount = data.posts.count
    initialCommentCount = data.comments.count
    self.maximumCreated = maximumCreated
    state = SanitizerVisibleMutex(
      State(
        posts: RecordList(data.posts, maximumCreated: maximumCreated),
        comments: RecordList(data.comments, maximumCreated: maximumCreated)))
  }

  /// All posts, by ascending id.
  var posts: [Post] { state.withLock { $0.posts.records } }

  /// All comments, by ascending id.
  var comments: [Comment] { state.withLock { $0.comments.records } }

  func post(id: Int) -> Post? { state.withLock { $0.posts.record(id: id) } }

  func comment(id: Int) -> Comment? { state.withLock { $0.comments.record(id: id) } }

  /// Stores the post `make` makes with the next free id and returns it; stores nothing when
  /// `make` throws. `client` is who asked (see ``WritingClient``), for the change stream.
  func addPost<Failure: Error>(
    by client: String? = nil, _ make: (_ id: Int) throws(Failure) -> Post
  ) throws(Failure) -> Post {
    try state.withLock { (state) throws(Failure) -> Post in
      let post = try state.posts.add(make)
      state.changes.record(.added, postID: post.id, title: post.title, by: client)
      return post
    }
  }

  func addComment<Failure: Error>(
    by client: String? = nil, _ make: (_ id: Int) throws(Failure) -> Comment
  ) throws(Failure) -> Comment {
    try state.withLock { (state) throws(Failure) -> Comment in
      let comment = try state.comments.add(make)
      state.changes.record(.comments, postID: comment.postId, by: client)
      return comment
    }
  }

  /// Applies `change` to the post with `id` and returns the result, or `nil` when there is none.
  /// The change stream hears which fields changed (nothing when none did).
  func updatePost(id: Int, by client: String? = nil, _ change: (inout Post) -> Void) -> Post? {
    state.withLock { state in
      let before = state.posts.record(id: id)
      let post = state.posts.update(id: id, change)
      if let post, let before {
        let fields = post.fieldsChanged(since: before)
        if !fields.isEmpty {
          state.changes.record(
            .changed, postID: post.id, title: post.title, fields: fields, by: client)
        }
      }
      return post
    }
  }

  func updateComment(id: Int, by client: String? = nil, _ change: (inout Comment) -> Void)
    -> Comment?
  {
    state.withLock { state in
      let comment = state.comments.update(id: id, change)
      if let comment { state.changes.record(.comments, postID: comment.postId, by: client) }
      return comment
    }
  }

  /// Removes the post with `id` and returns it, or `nil` when there is none.
  func deletePost(id: Int, by client: String? = nil) -> Post? {
    state.withLock { state in
      let post = state.posts.delete(id: id)
      if let post { state.changes.record(.deleted, postID: post.id, by: client) }
      return post
    }
  }

  func deleteComment(id: Int, by client: String? = nil) -> Comment? {
    state.withLock { state in
      let comment = state.comments.delete(id: id)
      if let comment { state.changes.record(.comments, postID: comment.postId, by: client) }
      return comment
    }
  }

  /// The number of the latest change to posts (0 before any).
  var latestChange: Int { state.withLock { $0.changes.latest } }

  /// The changes to posts after change `sequence`, or `.reset` when the log no longer has them.
  func changes(after sequence: Int) -> PostChangeLog.Backlog {
    state.withLock { $0.changes.backlog(after: sequence) }
  }
}

/// Records sorted by id, with the ids of those created through the API, oldest first.
private struct RecordList<Element: Record> {
  private(set) var records: [Element]
  private var created: [Int] = []
  private var nextID: Int
  private let maximumCreated: Int

  init(_ records: [Element], maximumCreated: Int) {
    self.records = records
    nextID = (records.last?.id ?? 0) + 1
    self.maximumCreated = maximumCreated
  }

  func record(id: Int) -> Element? {
    index(of: id).map { records[$0] }
  }

  mutating func add<Failure: Error>(
    _ make: (_ id: Int) throws(Failure) -> Element
  ) throws(Failure) -> Element {
    let record = try make(nextID)
    nextID += 1
    if created.count >= maximumCreated, let index = index(of: created.removeFirst()) {
      records.remove(at: index)
    }
    records.append(record)
    created.append(record.id)
    return record
  }

  mutating func update(id: Int, _ change: (inout Element) -> Void) -> Element? {
    guard let index = index(of: id) else { return nil }
    change(&records[index])
    return records[index]
  }

  mutating func delete(id: Int) -> Element? {
    guard let index = index(of: id) else { return nil }
    created.removeAll { $0 == id }
    return records.remove(at: index)
  }

  /// Binary search: `records` is sorted by id.
  private func index(of id: Int) -> Int? {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if records[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < records.count && records[low].id == id ? low : nil
  }
}

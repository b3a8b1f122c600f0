import TetherCore
import TetherHTTP

/// Every operation of the browser: the endpoints of ``PostsAPI`` turned into TetherCore
/// queries and mutations, with the paths the devtools show.
public struct PostsOperations: Sendable {
  /// An edit of post `id`: its new title and body. `Codable`, so that an edit made while the
  /// server was away is kept in the cache and sent at the next launch.
  public struct Edit: Codable, Sendable, Hashable {
    public var id: Int
    public var draft: PostDraft
  }

  public let api: APIClient
  public let pageSize: Int
  /// Reruns the queries on screen when it becomes true: the terminal regained focus.
  public let focus: ManualCondition
  /// Whether the server keeps writes (the embedded service does; dummyjson only pretends):
  /// then a write is followed by a refetch that shows it, otherwise the browser shows it by
  /// hand and a refetch would undo it.
  public let persistsWrites: Bool

  /// The path of the feed.
  public static let feedPath: OperationPath = ["posts", "feed"]

  /// The feed, newest first, `pageSize` posts a page; page ids are offsets.
  public var feed: some PaginatedRequest<Int, PostsPage, HTTPError> {
    let pageSize = pageSize
    return api.paginatedQuery(path: Self.feedPath, initialPageID: 0) { last, _ in
      Self.skip(after: last.id, count: last.value.posts.count, total: last.value.total)
    } endpoint: { skip in
      PostsAPI.posts(skip: skip, limit: pageSize)
    }
    .rerunOnChange(of: focus)
  }

  /// One post; it is fresh for 30 seconds, then marked stale and refetched when next shown.
  public func post(_ id: Int) -> some QueryRequest<Post, HTTPError> {
    api.query(PostsAPI.post(id), path: ["post", id])
      .stale(after: .seconds(30))
      .rerunOnChange(of: focus)
  }

  /// The author of a post; users change rarely, so a fetched one stays fresh for 5 minutes
  /// (one that failed is stale at once, so focus regained retries it with the post).
  public func user(_ id: Int) -> some QueryRequest<User, HTTPError> {
    api.query(PostsAPI.user(id), path: ["user", id])
      .stale(after: .seconds(300))
      .rerunOnChange(of: focus)
  }

  /// The comments of post `id`, `commentPageSize` a page; page ids are offsets. Fresh for 30
  /// seconds, as the post is.
  public func comments(ofPost id: Int) -> some PaginatedRequest<Int, CommentsPage, HTTPError> {
    let limit = Self.commentPageSize
    return api.paginatedQuery(path: ["comments", id], initialPageID: 0) { last, _ in
      Self.skip(after: last.id, count: last.value.comments.count, total: last.value.total)
    } endpoint: { skip in
      PostsAPI.comments(ofPost: id, skip: skip, limit: limit)
    }
    .stale(after: .seconds(30))
    .rerunOnChange(of: focus)
  }

  /// Comments a page.
  public static let commentPageSize = 5

  /// The id (the `skip`) of the page after the one at `skip` that held `count` of `total`
  /// items; nil after the last page, or after an empty one (a list that shrank).
  static func skip(after skip: Int, count: Int, total: Int) -> Int? {
    let next = skip + count
    return count > 0 && next < total ? next : nil
  }

  /// Creates a post. Every attempt that succeeds shows its post in the feed once — sent from
  /// the editor, retried from the devtools (`R`) or resumed from the cache at launch: the feed
  /// is refetched when the server keeps writes, otherwise the post is put at its top.
  public var addPost: some MutationRequest<PostDraft, Post, HTTPError> {
    let persists = persistsWrites
    return api.mutation(["posts", "add"]) { draft in PostsAPI.addPost(draft) }
      .lifecycle(
        onMutate: { _, context in context.client },
        onSuccess: { post, _, client in
          if persists {
            client?.invalidate(matching: Self.feedPath)
          } else {
            client?.updateValues(matching: Self.feedPath, of: PostsPage.self) { page in
              guard page.skip == 0, !page.posts.contains(where: { $0.id == post.id }) else {
                return
              }
              page.posts.insert(post, at: 0)
            }
          }
        })
  }

  /// Changes a post's title and body, optimistically: the post and its row in the feed change
  /// at once and change back if the server refuses. Loads in flight are left to finish (a
  /// page of the feed, the post the editor was opened on) and get the change too. Nothing is
  /// refetched after: the post shows what was saved, and a refused edit is already put back
  /// (a refetch under faults would only add failures to the screen).
  public var editPost: some MutationRequest<Edit, Post, HTTPError> {
    api.mutation(["posts", "edit"]) { edit in PostsAPI.updatePost(edit.id, with: edit.draft) }
      .optimisticUpdate(
        of: Post.self, matching: { ["post", $0.id] }, runsInFlight: .wait,
        invalidatesWhenSettled: false, { post, edit in post.apply(edit.draft) }
      )
      .optimisticUpdate(
        of: PostsPage.self, matching: { _ in Self.feedPath }, runsInFlight: .wait,
        invalidatesWhenSettled: false,
        { page, edit in page.apply(edit.draft, toPost: edit.id) })
  }

  /// Deletes a post, optimistically: it leaves the feed at once and comes back in its place if
  /// the server refuses. A post the server no longer has (404) is gone either way: it stays
  /// out. Once deleted, its store goes too, and the feed is refetched when the server keeps
  /// writes (only then: a refused delete is already put back).
  public var deletePost: some MutationRequest<Int, Post, HTTPError> {
    let persists = persistsWrites
    return api.mutation(["posts", "delete"]) { id in PostsAPI.deletePost(id) }
      .optimisticUpdate(
        of: PostsPage.self, matching: { _ in Self.feedPath }, runsInFlight: .wait,
        invalidatesWhenSettled: false, { page, id in page.remove(id) }
      )
      .lifecycle(
        onMutate: { _, context in context.client },
        onSuccess: { _, id, client in
          client?.remove(at: ["post", id])
          if persists { client?.invalidate(matching: Self.feedPath) }
        },
        onError: { failure, id, client in
          guard failure.failure?.statusCode == 404 else { return }
          client?.updateValues(matching: Self.feedPath, of: PostsPage.self) { $0.remove(id) }
          client?.remove(at: ["post", id])
        })
  }
}

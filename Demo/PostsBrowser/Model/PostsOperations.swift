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

  public init(api: APIClient, pageSize: Int, focus: ManualCondition) {
    self.api = api
    self.pageSize = pageSize
    self.focus = focus
  }

  /// The feed, newest first, `pageSize` posts a page; page ids are offsets.
  public var feed: some PaginatedRequest<Int, PostsPage, HTTPError> {
    let pageSize = pageSize
    return api.paginatedQuery(path: ["posts", "feed"], initialPageID: 0) { last, _ in
      let next = last.id + last.value.posts.count
      return !last.value.posts.isEmpty && next < last.value.total ? next : nil
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
      let next = last.id + last.value.comments.count
      return !last.value.comments.isEmpty && next < last.value.total ? next : nil
    } endpoint: { skip in
      PostsAPI.comments(ofPost: id, skip: skip, limit: limit)
    }
    .stale(after: .seconds(30))
    .rerunOnChange(of: focus)
  }

  /// Comments a page.
  public static let commentPageSize = 5

  /// Creates a post.
  public var addPost: some MutationRequest<PostDraft, Post, HTTPError> {
    api.mutation(["posts", "add"]) { draft in PostsAPI.addPost(draft) }
  }

  /// Changes a post's title and body.
  public var editPost: some MutationRequest<Edit, Post, HTTPError> {
    api.mutation(["posts", "edit"]) { edit in PostsAPI.updatePost(edit.id, with: edit.draft) }
  }

  /// Deletes a post.
  public var deletePost: some MutationRequest<Int, Post, HTTPError> {
    api.mutation(["posts", "delete"]) { id in PostsAPI.deletePost(id) }
  }
}

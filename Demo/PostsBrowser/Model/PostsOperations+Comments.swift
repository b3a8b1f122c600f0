import TetherCore
import TetherHTTP

extension PostsOperations {
  /// A comment to add to a post.
  public struct CommentDraft: Codable, Sendable, Hashable {
    public var postID: Int
    public var body: String
  }

  /// A comment to delete, and the post it is on.
  public struct CommentDeletion: Codable, Sendable, Hashable {
    public var postID: Int
    public var commentID: Int
  }

  /// Adds a comment, optimistically: it shows under the post at once (marked as sending) and
  /// leaves again if the server refuses. When the server keeps writes the comments are
  /// refetched afterwards; otherwise the server's comment takes the pending one's place.
  public var addComment: some MutationRequest<CommentDraft, Comment, HTTPError> {
    let persists = persistsWrites
    return api.mutation(["comments", "add"]) { draft in
      PostsAPI.addComment(draft.body, toPost: draft.postID)
    }
    .optimisticUpdate(
      of: CommentsPage.self, matching: { ["comments", $0.postID] }, runsInFlight: .wait,
      invalidatesWhenSettled: persists, { page, draft in page.add(draft) }
    )
    .lifecycle(
      onMutate: { _, context in context.client },
      onSuccess: { comment, draft, client in
        guard !persists else { return }
        client?.updateValues(matching: ["comments", draft.postID], of: CommentsPage.self) {
          page in page.settle(comment)
        }
      })
  }

  /// Deletes a comment, optimistically: it leaves at once and comes back in its place if the
  /// server refuses.
  public var deleteComment: some MutationRequest<CommentDeletion, Comment, HTTPError> {
    api.mutation(["comments", "delete"]) { deletion in PostsAPI.deleteComment(deletion.commentID) }
      .optimisticUpdate(
        of: CommentsPage.self, matching: { ["comments", $0.postID] }, runsInFlight: .wait,
        invalidatesWhenSettled: persistsWrites,
        { page, deletion in page.remove(deletion.commentID) })
  }
}

extension CommentsPage {
  /// The id of a comment added here and not yet saved.
  public static let pendingID = -1

  /// `draft` as a pending comment at the end, when this is the last page; every page counts
  /// one more.
  mutating func add(_ draft: PostsOperations.CommentDraft) {
    if skip + comments.count >= total {
      comments.append(
        Comment(
          id: Self.pendingID, body: draft.body, postId: draft.postID, likes: 0,
          user: Comment.Author(id: PostsAPI.authorID, username: "you", fullName: "You")))
    }
    total += 1
  }

  /// The saved `comment` in the pending one's place.
  mutating func settle(_ comment: Comment) {
    guard let index = comments.firstIndex(where: { $0.id == Self.pendingID }) else { return }
    comments[index] = comment
  }

  /// Without comment `id`; every page counts one less.
  mutating func remove(_ id: Int) {
    comments.removeAll { $0.id == id }
    total = max(0, total - 1)
  }
}

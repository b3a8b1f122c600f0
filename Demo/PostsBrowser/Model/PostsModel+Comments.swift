import TetherCore
import TetherHTTP

/// Comments written and deleted from the browser; what they show, and put back when refused,
/// is declared with the operations (``PostsOperations/addComment``).
extension PostsModel {
  /// The mutation that adds comments.
  public var addComment:
    OperationStore<MutationState<PostsOperations.CommentDraft, Comment, HTTPError>>
  {
    client.store(for: operations.addComment)
  }

  /// The mutation that deletes comments.
  public var deleteComment:
    OperationStore<MutationState<PostsOperations.CommentDeletion, Comment, HTTPError>>
  {
    client.store(for: operations.deleteComment)
  }

  /// Adds `body` as a comment on post `postID`.
  @discardableResult
  public func comment(_ body: String, onPost postID: Int) async throws -> Comment {
    try await addComment.mutate(with: .init(postID: postID, body: body))
  }

  /// Deletes comment `commentID` of post `postID`.
  public func delete(comment commentID: Int, ofPost postID: Int) async throws {
    try await deleteComment.mutate(with: .init(postID: postID, commentID: commentID))
  }
}

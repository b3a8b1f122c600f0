import Synchronization
import TetherCore
import TetherHTTP

/// Writes: each sends one mutation; what it shows, and puts back when refused, is declared
/// with the operation (``PostsOperations``).
extension PostsModel {
  /// The mutation that creates posts.
  public var addPost: OperationStore<MutationState<PostDraft, Post, HTTPError>> {
    client.store(for: operations.addPost)
  }

  /// The mutation that edits posts.
  public var editPost: OperationStore<MutationState<PostsOperations.Edit, Post, HTTPError>> {
    client.store(for: operations.editPost)
  }

  /// The mutation that deletes posts.
  public var deletePost: OperationStore<MutationState<Int, Post, HTTPError>> {
    client.store(for: operations.deletePost)
  }

  /// Creates a post (``PostsOperations/addPost`` shows it once saved).
  ///
  /// While the server cannot be reached the post waits: `whenQueued` is called once it does,
  /// and the call returns when the post is sent (or, should the browser quit first, the cache
  /// keeps it and the next launch sends it). Edits and deletions wait the same way.
  @discardableResult
  public func create(
    _ draft: PostDraft, whenQueued: (@Sendable () -> Void)? = nil
  ) async throws -> Post {
    var draft = draft
    draft.userId = draft.userId ?? PostsAPI.authorID
    return try await send(draft, to: addPost, whenQueued: whenQueued)
  }

  /// Changes a post's title and body (``PostsOperations/editPost`` shows it at once, and puts
  /// the old text back if the server refuses).
  @discardableResult
  public func edit(
    _ id: Int, draft: PostDraft, whenQueued: (@Sendable () -> Void)? = nil
  ) async throws -> Post {
    try await send(PostsOperations.Edit(id: id, draft: draft), to: editPost, whenQueued: whenQueued)
  }

  /// What became of a post asked to be deleted.
  public enum Deletion: Sendable, Hashable {
    /// The server deleted it.
    case deleted
    /// The server no longer had it (404): someone deleted it before.
    case alreadyGone
  }

  /// Deletes a post (``PostsOperations/deletePost`` takes it out of the feed at once, and puts
  /// it back in its place if the server refuses).
  @discardableResult
  public func delete(_ id: Int, whenQueued: (@Sendable () -> Void)? = nil) async throws
    -> Deletion
  {
    do {
      _ = try await send(id, to: deletePost, whenQueued: whenQueued)
      return .deleted
    } catch let error where error.failure?.statusCode == 404 {
      return .alreadyGone
    }
  }

  /// Sends `arguments` with `store`, calling `whenQueued` once if the attempt waits for the
  /// server.
  private func send<Arguments: Equatable & Sendable>(
    _ arguments: Arguments, to store: OperationStore<MutationState<Arguments, Post, HTTPError>>,
    whenQueued: (@Sendable () -> Void)?
  ) async throws(OperationError<HTTPError>) -> Post {
    let watch = whenQueued.map { queued in
      let said = Atomic(false)
      return store.subscribe { state in
        guard state.isPaused, state.latestAttempt?.arguments == arguments,
          !said.exchange(true, ordering: .acquiringAndReleasing)
        else { return }
        queued()
      }
    }
    defer { watch?.cancel() }
    return try await store.mutate(with: arguments)
  }
}

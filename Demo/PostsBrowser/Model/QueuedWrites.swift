import TetherCore
import TetherHTTP

/// The writes waiting for the server to answer again: sent then, or at the next launch (the
/// cache keeps them). The feed marks what they change, the status bar counts them.
public struct QueuedWrites: Sendable, Hashable {
  /// New posts, oldest first: they land at the top of the feed.
  public var creations: [PostDraft] = []
  /// Posts edited, by id: the feed and the post already show the new text.
  public var edits: [Int: PostDraft] = [:]
  /// Posts deleted: already out of the feed.
  public var deletions: Set<Int> = []

  public init() {}

  /// How many writes wait.
  public var count: Int { creations.count + edits.count + deletions.count }
}

extension PostsModel {
  /// The writes waiting for the server now: the attempts in flight of each mutation while it is
  /// paused for the network (a mutation not made yet has none).
  public var queuedWrites: QueuedWrites {
    var queued = QueuedWrites()
    queued.creations = Self.waiting(
      client.mutationStore(at: operations.addPost.path), PostDraft.self)
    for edit in Self.waiting(
      client.mutationStore(at: operations.editPost.path), PostsOperations.Edit.self)
    {
      queued.edits[edit.id] = edit.draft
    }
    queued.deletions = Set(
      Self.waiting(client.mutationStore(at: operations.deletePost.path), Int.self))
    return queued
  }

  /// The arguments of the attempts of `store` that wait for the network.
  private static func waiting<Arguments: Sendable>(
    _ store: (any OperationStoreProtocol)?, _ type: Arguments.Type
  ) -> [Arguments] {
    guard let store = store as? OperationStore<MutationState<Arguments, Post, HTTPError>>
    else { return [] }
    let state = store.state
    guard state.isPaused else { return [] }
    return state.history.filter { $0.status == .running }.map(\.arguments)
  }
}

import TetherCore
import TetherHTTP

/// The post on screen: its id, author and comments, and the stores the screen watches while it is
/// shown.
///
/// Watching subscribes, so a stale post (or a failed author) is fetched when shown, and the
/// fetch is cancelled when the selection moves on. Every watch wakes the screen after the
/// store has applied its new state, and the screen reads the store's own state when it draws:
/// a change can never land between a redraw and the next wake-up unseen.
struct PostSelection {
  let postID: Int
  let userID: Int
  let post: OperationStore<QueryState<Post, HTTPError>>
  let author: OperationStore<QueryState<User, HTTPError>>
  let comments: OperationStore<PaginatedState<Int, CommentsPage, HTTPError>>
  private let watches: [OperationSubscription]

  /// Selects `post` (as the feed has it) and starts watching its stores.
  init(_ post: Post, model: PostsModel, wake: @escaping @Sendable () -> Void) {
    postID = post.id
    userID = post.userId
    self.post = model.post(post.id)
    author = model.user(post.userId)
    comments = model.comments(ofPost: post.id)
    watches = [
      comments.subscribe { _ in wake() },
      self.post.subscribe { _ in wake() },
      author.subscribe { _ in wake() },
      model.followAuthor(of: post.id, userID: post.userId),
    ]
  }
}

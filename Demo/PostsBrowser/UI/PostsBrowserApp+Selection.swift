import TetherCore
import TetherHTTP
import TetherTerminal

/// The selected post: it follows the list when the user moves, and stays on the same post
/// when posts shift under it (a new post at the top, a refetch), when the feed reloads from
/// scratch, or while a filter matches nothing.
extension PostsBrowserApp {
  /// Selects the post at the list's selection, after a move in the list.
  func selectVisiblePost() {
    let posts = visiblePosts(in: model.feed.state)
    guard posts.indices.contains(feedList.selection) else { return }
    select(posts[feedList.selection])
  }

  /// Shows `post` in the post panel, watching its stores (and no longer the previous post's).
  func select(_ post: Post) {
    guard post.id != selection?.postID else { return }
    postScroll = 0
    commentCursor = nil
    selection = PostSelection(post, model: model, wake: wake)
  }

  /// Puts the list's selection back on the selected post after the feed changed.
  func followSelection() {
    let state = model.feed.state
    let posts = visiblePosts(in: state)
    guard !posts.isEmpty else {
      // Keep the post on screen while the feed reloads or a filter matches nothing; let it go
      // only when the feed is loaded and really empty.
      if filter == nil, !state.pages.isEmpty, !state.isFetching { selection = nil }
      if filter == nil, state.pages.isEmpty, selection != nil, anchorIndex == nil {
        anchorIndex = feedList.selection
      }
      return
    }
    if let selection, let index = posts.firstIndex(where: { $0.id == selection.postID }) {
      if index != feedList.selection { feedList.select(index, count: posts.count) }
      anchorIndex = nil
      return
    }
    // The selected post is not in the list: deleted, not loaded again yet, or not a match.
    let wanted = anchorIndex ?? feedList.selection
    if anchorIndex != nil, wanted >= posts.count, filter == nil, state.hasNextPage,
      state.status != .failure
    {
      return  // the pages up to the old place are on their way
    }
    anchorIndex = nil
    feedList.select(wanted, count: posts.count)
    select(posts[feedList.selection])
  }

  /// The filter's text changed: select the first match, or go back to the post selected
  /// before filtering when nothing matches (so Esc finds it again).
  func filterChanged() {
    let state = model.feed.state
    let matches = visiblePosts(in: state)
    if let first = matches.first {
      feedList.select(0, count: matches.count)
      select(first)
    } else if let origin = filter?.origin, origin != selection?.postID,
      let post = PostsModel.posts(in: state).first(where: { $0.id == origin })
    {
      select(post)
    }
  }
}

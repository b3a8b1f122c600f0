import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// Work started by keys: it runs in tasks on the model, and what the screen must hear about
/// (saved, refused) comes back through the inbox; everything else lands in the stores.
extension PostsBrowserApp {
  /// Runs `work` on the model in a task; its outcome lands in the stores' states.
  ///
  /// Work from a key press starts immediately, on this thread, until it first waits: a run
  /// shows as loading, and an optimistic change shows, in the frame that answers the key.
  func run(_ work: @escaping @Sendable (PostsModel) async throws -> Void) {
    let model = model
    Task.immediate { try? await work(model) }
  }

  /// How many posts the feed needs for its rows to be filled (and for the row the selection
  /// should return to).
  var postsToFill: Int {
    let rows = layout.feedList(filtering: filter != nil).height
    return max(rows, (anchorIndex ?? feedList.selection) + 1)
  }

  /// Loads pages until the feed's visible rows are filled, unless the feed is failing (then
  /// `m` or `r` retries).
  func fillFeed() {
    let state = model.feed.state
    guard state.status != .failure, state.nextPageError == nil else { return }
    let count = postsToFill
    run { try await $0.loadPages(untilLoaded: count) }
  }

  /// `m`: the next page, or the failed one again, and on until the rows are filled; with the
  /// post focused, the post's next page of comments (or the failed one again).
  func loadMore() {
    if focus == .post, let selection {
      let id = selection.postID
      run { try await $0.loadMoreComments(ofPost: id) }
      return
    }
    let count = max(postsToFill, model.feedPosts.count + 1)
    run { try await $0.loadPages(untilLoaded: count) }
  }

  func loadMoreIfNearEnd(count: Int) {
    let state = model.feed.state
    guard filter == nil, feedList.selection >= count - 3, state.hasNextPage,
      !state.isFetchingNextPage, state.nextPageError == nil
    else { return }
    run { try await $0.loadMore() }
  }

  /// `r`: the focused panel's data again. In the feed it also retries the post and author on
  /// screen when they failed, so "r to retry" is true from the feed as from the post.
  func refetch() {
    switch focus {
    case .feed:
      // After a failed first load there is no page to refetch but the first: the rows are
      // filled as at launch.
      let count = postsToFill
      run { model in
        try await model.feed.refetchAllPages()
        try await model.loadPages(untilLoaded: count)
      }
      if let selection,
        selection.post.state.status == .failure || selection.author.state.status == .failure
      {
        refresh(selection)
      }
    case .post:
      if let selection { refresh(selection) }
    case .stores:
      break
    }
  }

  func refresh(_ selection: PostSelection) {
    let (id, userID) = (selection.postID, selection.userID)
    run { await $0.refresh(post: id, author: userID) }
    if selection.comments.state.status == .failure || focus == .post {
      run { try await $0.comments(ofPost: id).refetch() }
    }
  }

  func editSelectedPost() {
    guard let selection else { return }
    let post = selection.post.state.currentValue ?? model.feedPost(selection.postID)
    guard let post else { return }
    editor = PostEditor(
      mode: .edit(post.id), draft: PostDraft(title: post.title, body: post.body))
  }

  func submit(_ draft: PostDraft, mode: PostEditor.Mode) {
    let model = model
    let inbox = inbox
    let original = editor?.original
    Task.immediate {
      do {
        let post =
          switch mode {
          case .create: try await model.create(draft) { inbox.post(.queued(draft)) }
          case .edit(let id): try await model.edit(id, draft: draft)
          }
        inbox.post(.saved(mode, post))
      } catch {
        switch mode {
        case .create: inbox.post(.saveFailed(mode, Describe.failure(error)))
        case .edit(let id):
          inbox.post(.editFailed(id, draft, original: original, Describe.failure(error)))
        }
      }
    }
  }

  func delete(_ id: Int) {
    let model = model
    let inbox = inbox
    Task.immediate {
      do {
        inbox.post(.deleted(id, try await model.delete(id)))
      } catch {
        inbox.post(.deleteFailed(id, Describe.failure(error)))
      }
    }
  }

  /// What work finished, or the feed did, off the loop's thread.
  func receive(_ message: AppMessage, now: Date) {
    switch message {
    case .feedChanged:
      followSelection()
    case .saved(.create, let post):
      if editor?.mode == .create { editor = nil }
      toast.show("Post #\(post.id) created", now: now)
    case .saveFailed(_, let reason):
      editor?.failed(reason)
    case .saved(.edit(let id), _):
      toast.show("Post #\(id) saved", now: now)
    case .editFailed(let id, let draft, let original, let reason):
      guard editor == nil else {
        toast.show(
          "Couldn't save post #\(id): \(reason) — undone", kind: .error, now: now,
          duration: .seconds(5))
        return
      }
      // The change was rolled back; the text comes back in the editor, ready to save again.
      var reopened = PostEditor(mode: .edit(id), draft: draft, original: original)
      reopened.failed("Couldn't save: \(reason)")
      editor = reopened
    case .queued(let draft):
      if editor?.mode == .create, editor?.draft == draft { editor = nil }
      toast.show(
        "Queued “\(Post.shown(draft.title, limit: 40))”: sent when the server is back",
        now: now, duration: .seconds(5))
    case .fileNotice(let message):
      toast.show(
        Post.shown(message, limit: 200), kind: .error, now: now, duration: .seconds(8))
    case .deleted(let id, .deleted):
      toast.show("Post #\(id) deleted", now: now)
    case .deleted(let id, .alreadyGone):
      toast.show(
        "Post #\(id) was already deleted: the server no longer has it", now: now,
        duration: .seconds(5))
    case .deleteFailed(let id, let reason):
      // Back in its place: so is the selection, which had moved on to the next post.
      if let post = visiblePosts(in: model.feed.state).first(where: { $0.id == id }) {
        select(post)
        followSelection()
      }
      toast.show(
        "Couldn't delete post #\(id): \(reason) — restored", kind: .error, now: now,
        duration: .seconds(5))
    }
  }
}

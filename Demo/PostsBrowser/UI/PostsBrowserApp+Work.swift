import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// Work started by keys, as commands the handlers return and the event loop runs: loading
/// lands in the stores; what the screen must hear about (saved, refused, deleted) comes back as
/// a message.
extension PostsBrowserApp {
  /// A command that runs `work` on the model; its outcome lands in the stores' states (a
  /// failure too, where the screen shows it), so it ends in no message.
  func command(
    _ name: String, _ work: @escaping @Sendable (PostsModel) async throws -> Void
  ) -> Command {
    let model = model
    return Command(name) { () async -> AppMessage? in
      try? await work(model)
      return nil
    }
  }

  /// How many posts the feed needs for its rows to be filled (and for the row the selection
  /// should return to).
  var postsToFill: Int {
    let rows = layout.feedList(filtering: filter != nil).height
    return max(rows, (anchorIndex ?? feedList.selection) + 1)
  }

  /// Loads pages until the feed's visible rows are filled, unless the feed is failing (then
  /// `m` or `r` retries).
  func fillFeed() -> [Command] {
    let state = model.feed.state
    guard state.status != .failure, state.nextPageError == nil else { return [] }
    let count = postsToFill
    return [command("load \(count) posts") { try await $0.loadPages(untilLoaded: count) }]
  }

  /// `m`: the next page, or the failed one again, and on until the rows are filled; with the
  /// post focused, the post's next page of comments (or the failed one again).
  func loadMore() -> Command {
    if focus == .post, let selection {
      let id = selection.postID
      return command("load more comments of post #\(id)") {
        try await $0.loadMoreComments(ofPost: id)
      }
    }
    let count = max(postsToFill, model.feedPosts.count + 1)
    return command("load \(count) posts") { try await $0.loadPages(untilLoaded: count) }
  }

  func loadMoreIfNearEnd(count: Int) -> [Command] {
    let state = model.feed.state
    guard filter == nil, feedList.selection >= count - 3, state.hasNextPage,
      !state.isFetchingNextPage, state.nextPageError == nil
    else { return [] }
    return [command("load the next page") { try await $0.loadMore() }]
  }

  /// `r`: the focused panel's data again. In the feed it also retries the post and author on
  /// screen when they failed, so "r to retry" is true from the feed as from the post.
  func refetch() -> [Command] {
    switch focus {
    case .feed:
      // After a failed first load there is no page to refetch but the first: the rows are
      // filled as at launch.
      let count = postsToFill
      let feed = command("refetch the feed") { model in
        try await model.feed.refetchAllPages()
        try await model.loadPages(untilLoaded: count)
      }
      guard let selection,
        selection.post.state.status == .failure || selection.author.state.status == .failure
      else { return [feed] }
      return [feed] + refresh(selection)
    case .post:
      return selection.map(refresh) ?? []
    case .stores:
      return []
    }
  }

  func refresh(_ selection: PostSelection) -> [Command] {
    let (id, userID) = (selection.postID, selection.userID)
    let post = command("refetch post #\(id) and its author") {
      await $0.refresh(post: id, author: userID)
    }
    guard selection.comments.state.status == .failure || focus == .post else { return [post] }
    return [
      post,
      command("refetch the comments of post #\(id)") {
        try await $0.comments(ofPost: id).refetch()
      },
    ]
  }

  func editSelectedPost() {
    guard let selection else { return }
    let post = selection.post.state.currentValue ?? model.feedPost(selection.postID)
    guard let post else { return }
    editor = PostEditor(
      mode: .edit(post.id), draft: PostDraft(title: post.title, body: post.body))
  }

  /// Sends a new post or an edit. It survives quitting: a write the user made is sent, or kept
  /// by the cache for the next launch, never undone because the browser closed. A failure,
  /// a cancelled run too (the devtools removed its store), comes back in words.
  func save(_ draft: PostDraft, mode: PostEditor.Mode, original: PostDraft?) -> Command {
    let (model, inbox) = (model, inbox)
    let name =
      switch mode {
      case .create: "create a post"
      case .edit(let id): "save post #\(id)"
      }
    return Command(name) { () async -> AppMessage? in
      do {
        let post =
          switch mode {
          case .create: try await model.create(draft) { inbox.post(.queued(draft)) }
          case .edit(let id):
            try await model.edit(id, draft: draft) {
              inbox.post(.writeQueued("Edit of post #\(id)"))
            }
          }
        return .saved(mode, post)
      } catch {
        switch mode {
        case .create: return .saveFailed(mode, Describe.failure(error))
        case .edit(let id):
          return .editFailed(id, draft, original: original, Describe.failure(error))
        }
      }
    }.survivingQuit()
  }

  /// Adds a comment; refused, it comes back in the comment dialog with the reason.
  func addComment(_ text: String, toPost postID: Int) -> Command {
    let model = model
    return Command("comment on post #\(postID)") { () async -> AppMessage? in
      do {
        try await model.comment(text, onPost: postID)
        return nil
      } catch {
        return .commentFailed(postID, text, Describe.failure(error))
      }
    }.survivingQuit()
  }

  /// Deletes comment `id`; refused, it is back in its place and the reason is shown.
  func deleteComment(_ id: Int, ofPost postID: Int) -> Command {
    let model = model
    return Command("delete comment #\(id)") { () async -> AppMessage? in
      do {
        try await model.delete(comment: id, ofPost: postID)
        return nil
      } catch {
        return .commentDeleteFailed(Describe.failure(error))
      }
    }.survivingQuit()
  }

  /// Deletes a post; like a save, it survives quitting.
  func delete(_ id: Int) -> Command {
    let (model, inbox) = (model, inbox)
    return Command("delete post #\(id)") { () async -> AppMessage? in
      do {
        let outcome = try await model.delete(id) {
          inbox.post(.writeQueued("Deletion of post #\(id)"))
        }
        return .deleted(id, outcome)
      } catch {
        return .deleteFailed(id, Describe.failure(error))
      }
    }.survivingQuit()
  }

  /// What work finished, or the feed did: the commands' messages and the inbox's, on the
  /// loop's thread; the work they lead to.
  func receive(_ message: AppMessage, now: Date) -> [Command] {
    switch message {
    case .serverLost, .probeDue, .probed:
      return followReachability(message)
    case .feedChanged:
      followSelection()
    case .viewerChanged:
      break  // drawn from the fault target and the client
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
        return []
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
    case .writeQueued(let write):
      toast.show("\(write) queued: sent when the server is back", now: now, duration: .seconds(5))
    case .fileNotice(let message):
      toast.show(
        Post.shown(message, limit: 200), kind: .error, now: now, duration: .seconds(8))
    case .deleted(let id, .deleted):
      toast.show("Post #\(id) deleted", now: now)
    case .deleted(let id, .alreadyGone):
      toast.show(
        "Post #\(id) was already deleted: the server no longer has it", now: now,
        duration: .seconds(5))
    case .commentFailed(let postID, let text, let reason):
      toast.show(
        "Couldn't add the comment: \(reason) — removed", kind: .error, now: now,
        duration: .seconds(5))
      if commentEditor == nil, editor == nil {
        commentEditor = CommentEditor(
          postID: postID, text: text, error: "Couldn't send: \(reason) — Enter to try again")
      }
    case .commentDeleteFailed(let reason):
      toast.show(
        "Couldn't delete the comment: \(reason) — restored", kind: .error, now: now,
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
    return []
  }
}

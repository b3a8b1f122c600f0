import Foundation
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

/// Events: keys, pastes and clicks go to the topmost layer that wants them (the help, a
/// devtools dialog, the question before a deletion, the editor — see ``BrowserLayer``), and
/// with no layer open to the panels: the filter while it is typed in, the devtools when they
/// have focus, then the keymaps. Work comes back out as commands for the loop to run.
extension PostsBrowserApp {
  public func handle(_ event: Event, context: EventContext) -> EventResult {
    size = context.size
    // The devtools open and close their dialogs themselves: their layer follows after any event.
    defer { followDevtoolsDialogs() }
    switch event {
    case .focus(let isFocused):
      model.operations.focus.set(isFocused)
      return .ignored
    case .resize(let newSize):
      size = newSize
      return .handled(running: fillFeed())
    case .message(let posted):
      if let message = posted.value as? AppMessage {
        return .handled(running: receive(message, now: context.now))
      }
      guard posted.value is DevtoolsMessage else { return .ignored }
      return handleInDevtools(event, context: context)
    case .key, .paste, .mouse:
      break
    }
    switch layers.route(event) {
    case .layer(let index): return handle(event, inLayerAt: index, context: context)
    case .closed: return .handled
    case .blocked: return .ignored
    case .panels: return handleInPanels(event, context: context)
    }
  }

  /// An event no layer took: the filter while it is typed in, the devtools when they have
  /// focus (and want it), then the focused panel and the keymaps.
  func handleInPanels(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .mouse(let mouse):
      return handle(mouse, context: context)
    case .paste:
      if devtoolsHaveFocus && inspector.isEditingText {
        return handleInDevtools(event, context: context)
      }
      return handleFilterText(event)
    case .key(let key):
      if filter?.isEditing == true { return handleFilterText(event) }
      if devtoolsHaveFocus {
        let result = handleInDevtools(event, context: context)
        if result != .ignored || inspector.isEditingText { return result }
      }
      return handle(key, now: context.now)
    case .resize, .focus, .message:
      return .ignored
    }
  }

  /// Whether keys go to the devtools first.
  var devtoolsHaveFocus: Bool { showsDevtools && focus == .stores }

  /// Gives `event` to the devtools; Esc on their first page moves focus back to the feed.
  func handleInDevtools(_ event: Event, context: EventContext) -> EventResult {
    switch inspector.handle(event, devtools: devtools, context: context) {
    case .handled: return .handled(running: inspector.commands)
    case .ignored: return .ignored
    case .close:
      focus = .feed
      return .handled
    case .performed(let action, let path):
      return .handled(running: inspector.commands + follow(action, on: path))
    }
  }

  /// Follows what the devtools did to a store: a screen whose store was removed makes it
  /// again (and so fetches it), never showing a store the client no longer knows; a reset
  /// feed loads its pages again up to the selection.
  func follow(_ action: DevtoolsAction, on path: OperationPath) -> [Command] {
    switch action {
    case .remove:
      guard let selection else { return [] }
      let client = model.client
      let postKept = client.store(at: selection.post.path).map { $0 === selection.post } ?? false
      let authorKept =
        client.store(at: selection.author.path).map { $0 === selection.author } ?? false
      guard !postKept || !authorKept else { return [] }
      let post = selection.post.state.currentValue ?? model.feedPost(selection.postID)
      self.selection = nil
      if let post { select(post) } else { followSelection() }
    case .reset where path == model.feed.path, .clearCache:
      // Before the feed's change arrives: the selection goes back to its row.
      anchorIndex = anchorIndex ?? feedList.selection
      let count = postsToFill
      return [command("load \(count) posts") { try await $0.loadPages(untilLoaded: count) }]
    case .clearNetwork:
      // The sparkline draws the same requests as the network log: it clears with it.
      model.activity.clearRecent()
    default:
      break
    }
    return []
  }

  /// A click or a wheel turn no layer took: on the panel under the pointer. A click selects
  /// the row under it (a post of the feed, a comment of the post) and focuses its panel; the
  /// wheel scrolls that panel; a click on the status bar's sparkline opens the network log.
  func handle(_ mouse: MouseEvent, context: EventContext) -> EventResult {
    let now = context.now
    if mouse.isPrimaryPress, let sparkline, sparkline.contains(mouse.position) {
      return perform(.showNetwork, now: now)
    }
    guard let panel = hits.target(at: mouse.position) else { return .ignored }
    var commands: [Command] = []
    switch panel {
    case .feed:
      let count = visiblePosts(in: model.feed.state).count
      guard feedList.handle(mouse, count: count) || mouse.isPrimaryPress else { return .ignored }
      selectVisiblePost()
      commands = loadMoreIfNearEnd(count: count)
    case .post:
      if mouse.scrollDelta != 0 { postScroll = max(0, postScroll + mouse.scrollDelta) }
      if mouse.isPrimaryPress, let id = commentHits.target(at: mouse.position) {
        // As Enter then ↑/↓ would: into the comments, on the one clicked.
        let comments = loadedComments
        commentCursor = CommentCursor(selecting: comments.first { $0.id == id }, in: comments)
      }
    case .stores:
      let result = handleInDevtools(.mouse(mouse), context: context)
      guard result != .ignored || mouse.isPrimaryPress else { return .ignored }
      commands = result.commands
    }
    if mouse.isPrimaryPress, panel != .post || selection != nil { focus = panel }
    return .handled(running: commands)
  }

  /// Keys and pastes for the filter field while it is typed in.
  func handleFilterText(_ event: Event) -> EventResult {
    guard var filter, filter.isEditing else { return .ignored }
    switch event {
    case .key(.escape):
      self.filter = nil
      followSelection()
    case .key(.enter), .key(.down):
      filter.isEditing = false
      self.filter = filter
    default:
      guard filter.text.handle(event) else { return .ignored }
      self.filter = filter
      filterChanged()
    }
    return .handled
  }

  func handle(_ key: Key, now: Date) -> EventResult {
    switch focus {
    case .feed:
      let count = visiblePosts(in: model.feed.state).count
      if feedList.handle(key, count: count) {
        selectVisiblePost()
        return .handled(running: loadMoreIfNearEnd(count: count))
      }
      if key == .escape, filter != nil {
        filter = nil
        followSelection()
        return .handled
      }
    case .post where commentCursor != nil:
      if commentCursor?.handle(key, in: loadedComments) == true { return .handled }
    case .post:
      switch key {
      case .up, "k": postScroll = max(0, postScroll - 1)
      case .down, "j": postScroll += 1
      case .pageUp: postScroll = max(0, postScroll - 10)
      case .pageDown: postScroll += 10
      default: break
      }
      if [.up, "k", .down, "j", .pageUp, .pageDown].contains(key) { return .handled }
    case .stores:
      break
    }
    guard
      let action = keymap(for: focus)?.action(for: key) ?? BrowserKeys.global.action(for: key)
    else { return .ignored }
    return perform(action, now: now)
  }

  func perform(_ action: BrowserAction, now: Date) -> EventResult {
    switch action {
    case .quit: return .quit
    case .help: help = HelpState()
    case .nextPanel: moveFocus(by: 1)
    case .previousPanel: moveFocus(by: -1)
    case .focusFeed, .backToFeed:
      inspector.presentation = .panel
      focus = .feed
      commentCursor = nil
    case .focusPost, .openPost:
      guard let selection else { break }
      inspector.presentation = .panel
      focus = .post
      model.acknowledgeChange(of: selection.postID)
    case .focusStores: showDevtools()
    case .toggleStores: toggleStores()
    case .fullScreenStores:
      showDevtools()
      inspector.presentation = .fullScreen
    case .showNetwork:
      showDevtools()
      inspector.presentation = .fullScreen
      inspector.showNetworkLog()
    case .openPalette: inspector.openPalette()
    case .showEvents:
      showDevtools()
      inspector.presentation = .fullScreen
      inspector.showEventLog()
    case .openFaults: inspector.openFaults(devtools, now: now)
    case .mockOffline: inspector.toggleOffline(devtools, now: now)
    case .newPost: editor = PostEditor(mode: .create)
    case .cycleFailureRate: model.faults.cycleFailureRate()
    case .cycleLatency: model.faults.cycleLatency()
    case .navigate: break
    case .loadMore: return .handled(running: loadMore())
    case .filter: filter = FeedFilter(origin: selection?.postID)
    case .refetch: return .handled(running: refetch())
    case .editPost: editSelectedPost()
    case .comment:
      if let selection { commentEditor = CommentEditor(postID: selection.postID) }
    case .intoComments:
      guard focus == .post else { break }
      if loadedComments.isEmpty {
        toast.show("This post has no comments to select", now: now)
      } else {
        commentCursor = CommentCursor(in: loadedComments)
      }
    case .backToPost: commentCursor = nil
    case .deleteComment: askToDeleteComment(now: now)
    case .deletePost:
      if let selection {
        let title =
          selection.post.state.currentValue?.title ?? model.feedPost(selection.postID)?.title
          ?? "post #\(selection.postID)"
        deletion = BrowserLayer.PendingDeletion(
          id: selection.postID, title: Post.shown(title, limit: 200))
      }
    }
    return .handled
  }

  func moveFocus(by step: Int) {
    guard inspector.presentation == .panel || !showsDevtools else { return }
    let panels: [Panel] = showsDevtools ? [.feed, .post, .stores] : [.feed, .post]
    let index = panels.firstIndex(of: focus) ?? 0
    focus = panels[(index + step + panels.count) % panels.count]
  }

  /// `s`: shows the devtools' panel and focuses it, or hides it.
  func toggleStores() {
    if showsDevtools {
      showsDevtools = false
      inspector.presentation = .panel
      devtools.isActive = false
      if focus == .stores { focus = .feed }
    } else {
      showDevtools()
    }
  }

  /// Shows the devtools (in their panel unless full screen) and focuses them; they wake the
  /// loop on changes only while shown.
  func showDevtools() {
    showsDevtools = true
    devtools.isActive = true
    focus = .stores
  }
}

extension PostsBrowserApp {
  /// The comments of the post on screen loaded so far, in the order shown.
  var loadedComments: [Comment] {
    selection?.comments.state.pages.flatMap(\.value.comments) ?? []
  }

  /// The comment selected while the comments have focus.
  var selectedComment: Comment? {
    guard focus == .post else { return nil }
    return commentCursor?.selected(in: loadedComments)
  }

  /// `X`: asks before deleting the selected comment if it is yours, or says why it cannot be
  /// deleted. Outside the comments, selects your newest comment first (and asks about it).
  func askToDeleteComment(now: Date) {
    guard let selection else { return }
    let comments = loadedComments
    if commentCursor == nil {
      let mine = comments.last { $0.user.id == PostsAPI.authorID }
      guard let mine else {
        toast.show("You have no comment on this post to delete", now: now)
        return
      }
      commentCursor = CommentCursor(selecting: mine, in: comments)
    }
    guard let comment = commentCursor?.selected(in: comments) else {
      toast.show("No comment is selected", now: now)
      return
    }
    if comment.id == CommentsPage.pendingID {
      toast.show("This comment is still being sent: wait for it to arrive", now: now)
    } else if comment.user.id != PostsAPI.authorID {
      let author = Post.shown(comment.user.username, limit: 40)
      toast.show("Only your own comments can be deleted; this one is @\(author)'s", now: now)
    } else {
      deletion = BrowserLayer.PendingDeletion(
        id: comment.id, title: Post.shown(comment.body, limit: 120), commentOf: selection.postID)
    }
  }
}

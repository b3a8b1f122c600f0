import Foundation
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

/// Events: keys go to whatever is on top (help, a devtools question or the faults dialog, a
/// confirmation, the editor, the filter), then to the focused panel — the devtools when they
/// have focus —, then to the keymaps.
extension PostsBrowserApp {
  public func handle(_ event: Event, context: EventContext) -> EventResult {
    size = context.size
    switch event {
    case .focus(let isFocused):
      model.operations.focus.set(isFocused)
      return .ignored
    case .resize(let newSize):
      size = newSize
      fillFeed()
      return .handled
    case .message(let posted):
      if let message = posted.value as? AppMessage {
        receive(message, now: context.now)
        return .handled
      }
      guard posted.value is DevtoolsMessage else { return .ignored }
      return handleInDevtools(event, context: context)
    case .mouse(let mouse):
      return handle(mouse, context: context)
    case .paste:
      if help != nil { return .ignored }
      if inspector.isModal || devtoolsHaveFocus && inspector.isEditingText {
        return handleInDevtools(event, context: context)
      }
      return handleText(event, now: context.now)
    case .key(let key):
      if var help {
        switch help.handle(event) {
        case .close: self.help = nil
        case .handled: self.help = help
        case .ignored: return key == .ctrl("c") ? .quit : .ignored
        }
        return .handled
      }
      if inspector.isModal { return handleInDevtools(event, context: context) }
      if deletion != nil { return handleDeletion(key) }
      if editor != nil || filter?.isEditing == true { return handleText(event, now: context.now) }
      if devtoolsHaveFocus {
        let result = handleInDevtools(event, context: context)
        if result != .ignored || inspector.isEditingText { return result }
      }
      return handle(key, now: context.now)
    }
  }

  /// Whether keys go to the devtools first.
  var devtoolsHaveFocus: Bool { showsDevtools && focus == .stores }

  /// Gives `event` to the devtools; Esc on their first page moves focus back to the feed.
  func handleInDevtools(_ event: Event, context: EventContext) -> EventResult {
    switch inspector.handle(event, devtools: devtools, context: context) {
    case .handled: return .handled
    case .ignored: return .ignored
    case .close:
      focus = .feed
      return .handled
    case .performed(let action, let path):
      follow(action, on: path)
      return .handled
    }
  }

  /// Follows what the devtools did to a store: a screen whose store was removed makes it
  /// again (and so fetches it), never showing a store the client no longer knows; a reset
  /// feed loads its pages again up to the selection.
  func follow(_ action: DevtoolsAction, on path: OperationPath) {
    switch action {
    case .remove:
      guard let selection else { return }
      let client = model.client
      let postKept = client.store(at: selection.post.path).map { $0 === selection.post } ?? false
      let authorKept =
        client.store(at: selection.author.path).map { $0 === selection.author } ?? false
      guard !postKept || !authorKept else { return }
      let post = selection.post.state.currentValue ?? model.feedPost(selection.postID)
      self.selection = nil
      if let post { select(post) } else { followSelection() }
    case .reset where path == model.feed.path:
      // Before the feed's change arrives: the selection goes back to its row.
      anchorIndex = anchorIndex ?? feedList.selection
      let count = postsToFill
      run { try await $0.loadPages(untilLoaded: count) }
    case .clearNetwork:
      // The sparkline draws the same requests as the network log: it clears with it.
      model.activity.clearRecent()
    default:
      break
    }
  }

  /// A click or a wheel turn: on whatever is on top, else on the panel under the pointer. A
  /// click selects the row under it and focuses its panel; the wheel scrolls that panel; a
  /// click on the status bar's sparkline opens the network log.
  func handle(_ mouse: MouseEvent, context: EventContext) -> EventResult {
    let now = context.now
    let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
    if var help {
      guard help.handle(.mouse(mouse)) == .handled else { return .ignored }
      self.help = help
      return .handled
    }
    if let deletion {
      guard mouse.isPrimaryPress else { return .ignored }
      switch deletionPrompt(deletion).button(at: mouse.position, in: bounds) {
      case 0:
        self.deletion = nil
        delete(deletion.id)
        followSelection()
      case 1: self.deletion = nil
      default: return .ignored
      }
      return .handled
    }
    if var editor {
      guard mouse.isPrimaryPress else { return .ignored }
      switch editor.click(at: mouse.position, in: bounds) {
      case .submit(let draft): return submit(&editor, draft: draft, now: now)
      case .close: self.editor = nil
      case .quit: return .quit
      case .handled, .ignored: self.editor = editor
      }
      return .handled
    }
    if inspector.isModal { return handleInDevtools(.mouse(mouse), context: context) }
    if mouse.isPrimaryPress, let sparkline, sparkline.contains(mouse.position) {
      return perform(.showNetwork, now: now)
    }
    guard let panel = hits.target(at: mouse.position) else { return .ignored }
    switch panel {
    case .feed:
      let count = visiblePosts(in: model.feed.state).count
      guard feedList.handle(mouse, count: count) || mouse.isPrimaryPress else { return .ignored }
      selectVisiblePost()
      loadMoreIfNearEnd(count: count)
    case .post:
      if mouse.scrollDelta != 0 { postScroll = max(0, postScroll + mouse.scrollDelta) }
    case .stores:
      guard handleInDevtools(.mouse(mouse), context: context) != .ignored || mouse.isPrimaryPress
      else { return .ignored }
    }
    if mouse.isPrimaryPress, panel != .post || selection != nil { focus = panel }
    return .handled
  }

  /// Keys and pastes for the editor or the filter field.
  func handleText(_ event: Event, now: Date) -> EventResult {
    if var editor {
      switch editor.handle(event) {
      case .submit(let draft):
        return submit(&editor, draft: draft, now: now)
      case .close:
        self.editor = nil
        return .handled
      case .quit:
        return .quit
      case .ignored:
        // An unhandled Ctrl-C would quit: the editor asks first, so it never gets here.
        return .ignored
      case .handled:
        break
      }
      self.editor = editor
      return .handled
    }
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

  /// Sends what the editor holds. Edits are optimistic: the change shows at once, so the dialog
  /// closes at once (and comes back with the text if the server refuses).
  func submit(_ editor: inout PostEditor, draft: PostDraft, now: Date) -> EventResult {
    editor.submitted(at: now)
    submit(draft, mode: editor.mode)
    if case .edit = editor.mode {
      self.editor = nil
    } else {
      self.editor = editor
    }
    return .handled
  }

  func handleDeletion(_ key: Key) -> EventResult {
    guard var deletion else { return .ignored }
    switch deletion.prompt.handle(key) {
    case .confirmed:
      self.deletion = nil
      delete(deletion.id)
      followSelection()
    case .cancelled:
      self.deletion = nil
    case nil:
      self.deletion = deletion
    }
    return .handled
  }

  func handle(_ key: Key, now: Date) -> EventResult {
    switch focus {
    case .feed:
      let count = visiblePosts(in: model.feed.state).count
      if feedList.handle(key, count: count) {
        selectVisiblePost()
        loadMoreIfNearEnd(count: count)
        return .handled
      }
      if key == .escape, filter != nil {
        filter = nil
        followSelection()
        return .handled
      }
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
    case .focusPost, .openPost:
      guard selection != nil else { break }
      inspector.presentation = .panel
      focus = .post
    case .focusStores: showDevtools()
    case .toggleStores: toggleStores()
    case .fullScreenStores:
      showDevtools()
      inspector.presentation = .fullScreen
    case .showNetwork:
      showDevtools()
      inspector.presentation = .fullScreen
      inspector.showNetworkLog()
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
    case .loadMore: loadMore()
    case .filter: filter = FeedFilter(origin: selection?.postID)
    case .refetch: refetch()
    case .editPost: editSelectedPost()
    case .deletePost:
      if let selection {
        let title =
          selection.post.state.currentValue?.title ?? model.feedPost(selection.postID)?.title
          ?? "post #\(selection.postID)"
        deletion = PendingDeletion(id: selection.postID, title: Post.shown(title, limit: 200))
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

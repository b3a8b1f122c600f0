import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// Events: keys go to whatever is on top (help, a confirmation, the editor, the filter, the
/// store detail), then to the focused panel, then to the keymaps.
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
      guard let message = posted.value as? AppMessage else { return .ignored }
      receive(message, now: context.now)
      return .handled
    case .mouse(let mouse):
      return handle(mouse, now: context.now)
    case .paste:
      if help != nil { return .ignored }
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
      if deletion != nil { return handleDeletion(key) }
      if editor != nil || filter?.isEditing == true { return handleText(event, now: context.now) }
      if storeDetail != nil { return handleStoreDetail(key) }
      return handle(key, now: context.now)
    }
  }

  /// A click or a wheel turn: on whatever is on top, else on the panel under the pointer. A
  /// click selects the row under it and focuses its panel; the wheel scrolls that panel.
  func handle(_ mouse: MouseEvent, now: Date) -> EventResult {
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
    if var detail = storeDetail {
      guard mouse.scrollDelta != 0 else { return .ignored }
      detail.scroll = max(0, detail.scroll + mouse.scrollDelta)
      storeDetail = detail
      return .handled
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
      guard storesList.handle(mouse, count: model.client.storeCount) || mouse.isPrimaryPress
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

  func handleStoreDetail(_ key: Key) -> EventResult {
    guard var detail = storeDetail else { return .ignored }
    switch key {
    case .up, "k": detail.scroll = max(0, detail.scroll - 1)
    case .down, "j": detail.scroll += 1
    case .pageUp: detail.scroll = max(0, detail.scroll - 10)
    case .pageDown: detail.scroll += 10
    case .escape, .enter, "q":
      storeDetail = nil
      return .handled
    default: return .ignored
    }
    storeDetail = detail
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
      if storesList.handle(key, count: model.client.storeCount) { return .handled }
    }
    guard let action = keymap(for: focus).action(for: key) ?? BrowserKeys.global.action(for: key)
    else { return .ignored }
    return perform(action, now: now)
  }

  func perform(_ action: BrowserAction, now: Date) -> EventResult {
    switch action {
    case .quit: return .quit
    case .help: help = HelpState()
    case .nextPanel: moveFocus(by: 1)
    case .previousPanel: moveFocus(by: -1)
    case .focusFeed, .backToFeed: focus = .feed
    case .focusPost, .openPost: if selection != nil { focus = .post }
    case .focusStores:
      if !showsStores { toggleStores() }
      focus = .stores
    case .toggleStores: toggleStores()
    case .newPost: editor = PostEditor(mode: .create)
    case .cycleFailureRate:
      if model.faults.cycleFailureRate() == nil { showFaultsUnavailable(now: now) }
    case .cycleLatency:
      if model.faults.cycleLatency() == nil { showFaultsUnavailable(now: now) }
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
    case .showStore:
      if let snapshot = selectedSnapshot { storeDetail = StoreDetail(path: snapshot.path) }
    case .invalidateStore:
      if let path = selectedSnapshot?.path { model.client.store(at: path)?.invalidate() }
    case .resetStore:
      if let path = selectedSnapshot?.path { reset(path) }
    case .removeStore:
      if let path = selectedSnapshot?.path { model.client.remove(at: path) }
    }
    return .handled
  }

  var selectedSnapshot: OperationSnapshot? {
    let snapshots = snapshots
    return snapshots.indices.contains(storesList.selection) ? snapshots[storesList.selection] : nil
  }

  func moveFocus(by step: Int) {
    let panels: [Panel] = showsStores ? [.feed, .post, .stores] : [.feed, .post]
    let index = panels.firstIndex(of: focus) ?? 0
    focus = panels[(index + step + panels.count) % panels.count]
  }

  func toggleStores() {
    showsStores.toggle()
    if showsStores {
      let wake = wake
      storeEvents = model.client.subscribeToEvents { _ in wake() }
    } else {
      storeEvents = nil
      if focus == .stores { focus = .feed }
    }
  }

  func showFaultsUnavailable(now: Date) {
    toast.show("Faults are only available with the embedded service", kind: .error, now: now)
  }
}

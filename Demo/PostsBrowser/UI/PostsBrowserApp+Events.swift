import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// Events: keys go to whatever is on top (help, a confirmation, the editor, the filter, the
/// store detail), then to the focused panel, then to the keymaps; work started by a key runs
/// in tasks that report back through the inbox.
extension PostsBrowserApp {
  // MARK: Events

  public func handle(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .focus(let isFocused):
      model.operations.focus.set(isFocused)
      return .ignored
    case .resize:
      return .handled
    case .message(let posted):
      guard let message = posted.value as? AppMessage else { return .ignored }
      apply(message, now: context.now)
      return .handled
    case .mouse:
      return .ignored
    case .paste:
      return handleText(event, now: context.now)
    case .key(let key):
      if showsHelp {
        showsHelp = false
        return .handled
      }
      if deletion != nil { return handleDeletion(key) }
      if editor != nil || filter?.isEditing == true { return handleText(event, now: context.now) }
      if storeDetail != nil { return handleStoreDetail(key) }
      return handle(key, now: context.now)
    }
  }

  /// Keys and pastes for the editor or the filter field.
  func handleText(_ event: Event, now: Date) -> EventResult {
    if var editor {
      switch editor.handle(event) {
      case .submit(let draft):
        editor.submitted(at: now)
        submit(draft, mode: editor.mode)
        if case .edit = editor.mode {
          // Edits are optimistic: the change shows at once, so the dialog closes at once.
          self.editor = nil
          return .handled
        }
      case .close:
        self.editor = nil
        return .handled
      case .ignored:
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
    case .key(.enter), .key(.down):
      filter.isEditing = false
      self.filter = filter
    default:
      guard filter.text.handle(event) else { return .ignored }
      self.filter = filter
      feedList.select(0, count: 1)
    }
    return .handled
  }

  func handleDeletion(_ key: Key) -> EventResult {
    guard var deletion else { return .ignored }
    switch deletion.prompt.handle(key) {
    case .confirmed:
      self.deletion = nil
      delete(deletion.id)
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
        loadMoreIfNearEnd(count: count)
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
    if key == .escape, filter != nil {
      filter = nil
      return .handled
    }
    guard let action = keymap(for: focus).action(for: key) ?? BrowserKeys.global.action(for: key)
    else { return .ignored }
    return perform(action, now: now)
  }

  func perform(_ action: BrowserAction, now: Date) -> EventResult {
    switch action {
    case .quit: return .quit
    case .help: showsHelp = true
    case .nextPanel: moveFocus(by: 1)
    case .previousPanel: moveFocus(by: -1)
    case .toggleStores: toggleStores()
    case .newPost: editor = PostEditor(mode: .create)
    case .cycleFailureRate:
      if model.faults.cycleFailureRate() == nil { showFaultsUnavailable(now: now) }
    case .cycleLatency:
      if model.faults.cycleLatency() == nil { showFaultsUnavailable(now: now) }
    case .navigate: break
    case .openPost: if selection != nil { focus = .post }
    case .loadMore: run { try await $0.loadMore() }
    case .filter: filter = FeedFilter()
    case .refetch: refetch()
    case .editPost: editSelectedPost()
    case .deletePost:
      if let selection {
        let title = selection.post.state.currentValue?.title ?? "post #\(selection.postID)"
        deletion = PendingDeletion(id: selection.postID, title: title)
      }
    case .showStore:
      if let snapshot = selectedSnapshot { storeDetail = StoreDetail(path: snapshot.path) }
    case .invalidateStore:
      if let path = selectedSnapshot?.path { model.client.store(at: path)?.invalidate() }
    case .resetStore:
      if let path = selectedSnapshot?.path { model.client.store(at: path)?.reset() }
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

  // MARK: Work

  /// Runs `work` on the model in a task; its outcome lands in the stores' states.
  ///
  /// Work from a key press starts immediately, on this thread, until it first waits: a run
  /// shows as loading, and an optimistic change shows, in the frame that answers the key.
  func run(_ work: @escaping @Sendable (PostsModel) async throws -> Void) {
    let model = model
    Task.immediate { try? await work(model) }
  }

  func loadMoreIfNearEnd(count: Int) {
    let state = model.feed.state
    guard filter == nil, feedList.selection >= count - 3, state.hasNextPage,
      !state.isFetchingNextPage, state.nextPageError == nil
    else { return }
    run { try await $0.loadMore() }
  }

  func refetch() {
    switch focus {
    case .feed:
      run { try await $0.feed.store.refetchAllPages() }
    case .post:
      guard let store = selection?.post.store else { return }
      Task.immediate { try? await store.fetch() }
    case .stores:
      guard let path = selectedSnapshot?.path, let store = model.client.store(at: path) else {
        return
      }
      Task.immediate { try? await store.refetch() }
    }
  }

  func editSelectedPost() {
    guard let selection else { return }
    let post =
      selection.post.state.currentValue ?? model.feedPosts.first { $0.id == selection.postID }
    guard let post else { return }
    editor = PostEditor(
      mode: .edit(post.id), draft: PostDraft(title: post.title, body: post.body))
  }

  func submit(_ draft: PostDraft, mode: PostEditor.Mode) {
    let model = model
    let inbox = inbox
    Task.immediate {
      do {
        let post =
          switch mode {
          case .create: try await model.create(draft)
          case .edit(let id): try await model.edit(id, draft: draft)
          }
        inbox.post(.saved(mode, post))
      } catch {
        inbox.post(.saveFailed(mode, Describe.failure(error)))
      }
    }
  }

  func delete(_ id: Int) {
    let model = model
    let inbox = inbox
    Task.immediate {
      do {
        try await model.delete(id)
        inbox.post(.deleted(id))
      } catch {
        inbox.post(.deleteFailed(id, Describe.failure(error)))
      }
    }
  }

  func apply(_ message: AppMessage, now: Date) {
    switch message {
    case .saved(.create, let post):
      if editor?.mode == .create { editor = nil }
      toast.show("Post #\(post.id) created", now: now)
    case .saveFailed(.create, let reason):
      editor?.failed(reason)
    case .saved(.edit(let id), _):
      toast.show("Post #\(id) saved", now: now)
    case .saveFailed(.edit(let id), let reason):
      toast.show(
        "Couldn't save post #\(id): \(reason) — undone", kind: .error, now: now,
        duration: .seconds(5))
    case .deleted(let id):
      toast.show("Post #\(id) deleted", now: now)
    case .deleteFailed(let id, let reason):
      toast.show(
        "Couldn't delete post #\(id): \(reason) — restored", kind: .error, now: now,
        duration: .seconds(5))
    }
  }
}

import Foundation
import Observation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The Posts browser: the feed on the left, the selected post on the right, the store panel
/// and the status bar — every frame drawn from the stores' states, which it reads through the
/// observable layer and never copies.
///
/// View state (selection, scroll, dialogs, what is typed) lives here; server data lives in the
/// model's stores. Work that outlives a key press runs in tasks that report back through an
/// inbox.
public final class PostsBrowserApp: TerminalApp {
  enum Panel: Hashable {
    case feed, post, stores
  }

  /// The selected post and its author, observed while selected.
  struct Selection {
    let postID: Int
    let post: ObservedStore<QueryState<Post, HTTPError>>
    let author: ObservedStore<QueryState<User, HTTPError>>
  }

  /// A deletion waiting for confirmation.
  struct PendingDeletion {
    let id: Int
    let title: String
    var prompt = ConfirmState()
  }

  public let model: PostsModel
  private let inbox = AppInbox()
  private var wake: @Sendable () -> Void = {}
  private(set) var focus = Panel.feed
  private var feedList = ListState()
  /// The feed index the selected post was at when last seen, to tell a user's move from posts
  /// shifting under the selection.
  private var syncedIndex = 0
  private(set) var filter: FeedFilter?
  private(set) var selection: Selection?
  private var postScroll = 0
  private(set) var showsStores = false
  private var storesList = ListState()
  private var storeEvents: OperationSubscription?
  private(set) var storeDetail: StoreDetail?
  private(set) var editor: PostEditor?
  private(set) var deletion: PendingDeletion?
  private(set) var showsHelp = false
  private var toast = ToastState()

  public init(model: PostsModel) {
    self.model = model
  }

  /// Calls `wake` (from any thread) whenever what the screen shows changes; the event loop's
  /// `waker.wake()` in the app, a test's own signal in screen tests.
  public func connect(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    inbox.onMessage(wake)
  }

  public var minimumSize: Size { Size(width: 80, height: 24) }

  // MARK: Drawing

  public func render(into frame: inout Frame) {
    applyMessages(now: frame.now)
    syncSelection()
    let seen = revisions
    withObservationTracking {
      draw(into: &frame)
    } onChange: { [wake] in
      wake()
    }
    // Tracking starts only once drawing is done: a change made meanwhile draws another frame.
    if revisions != seen { wake() }
  }

  /// The revisions of everything the screen observes.
  private var revisions: [UInt64] {
    [
      model.feed.revision, selection?.post.revision ?? 0, selection?.author.revision ?? 0,
      model.activity.revision,
    ]
  }

  private func draw(into frame: inout Frame) {
    let rows = frame.bounds.rows([.fill, .fixed(1), .fixed(1)])
    let columns = rows[0].columns([.percentage(42), .fill])
    let feedState = model.feed.state
    FeedPanel(
      state: feedState, posts: visiblePosts(in: feedState), filter: filter,
      isFocused: focus == .feed && !isModal
    ).render(in: columns[0], into: &frame, list: &feedList)
    var postArea = columns[1]
    if showsStores {
      let parts = columns[1].rows([.percentage(45), .fill])
      postArea = parts[0]
      StoresPanel(snapshots: snapshots, isFocused: focus == .stores && !isModal)
        .render(in: parts[1], into: &frame, list: &storesList)
    }
    PostPanel(
      postID: selection?.postID, post: selection?.post.state, author: selection?.author.state,
      isFocused: focus == .post && !isModal
    ).render(in: postArea, into: &frame, scroll: &postScroll)
    StatusLine(
      faults: model.faults.settings, activity: model.activity.snapshot,
      storeCount: model.client.storeCount
    ).render(in: rows[1], into: &frame)
    KeyHintBar(hints).render(in: rows[2], into: &frame)
    Toast(state: toast).render(in: rows[0], into: &frame)
    if let editor { editor.render(in: frame.bounds, into: &frame) }
    if let deletion {
      ConfirmPrompt(
        title: "Delete post #\(deletion.id)", message: "Delete “\(deletion.title)”?",
        confirmTitle: "Delete", cancelTitle: "Keep"
      ).render(in: frame.bounds, into: &frame, state: deletion.prompt)
    }
    if let storeDetail {
      storeDetail.render(
        snapshot: model.client.store(at: storeDetail.path)?.snapshot, in: frame.bounds,
        into: &frame)
    }
    if showsHelp {
      HelpOverlay([
        BrowserKeys.global.help, BrowserKeys.feed.help, BrowserKeys.post.help,
        BrowserKeys.stores.help, BrowserKeys.editor.help,
      ]).render(in: frame.bounds, into: &frame)
    }
  }

  private var isModal: Bool {
    editor != nil || deletion != nil || storeDetail != nil || showsHelp
  }

  private var hints: [KeyHint] {
    if editor != nil { return BrowserKeys.editor.hints }
    return keymap(for: focus).hints + BrowserKeys.global.hints
  }

  private func keymap(for panel: Panel) -> Keymap<BrowserAction> {
    switch panel {
    case .feed: BrowserKeys.feed
    case .post: BrowserKeys.post
    case .stores: BrowserKeys.stores
    }
  }

  private func visiblePosts(in state: PaginatedState<Int, PostsPage, HTTPError>) -> [Post] {
    let posts = PostsModel.posts(in: state)
    guard let filter else { return posts }
    return posts.filter(filter.matches)
  }

  private var snapshots: [OperationSnapshot] {
    StoresPanel.sorted(model.client.stores())
  }

  /// Keeps the selected post in step with the feed: it follows the list when the user moves,
  /// and stays on the same post when posts shift under it (a new post at the top).
  private func syncSelection() {
    let posts = visiblePosts(in: model.feed.state)
    if let selection, feedList.selection == syncedIndex,
      let index = posts.firstIndex(where: { $0.id == selection.postID }), index != syncedIndex
    {
      feedList.select(index, count: posts.count)
    }
    syncedIndex = feedList.selection
    guard posts.indices.contains(feedList.selection) else {
      if posts.isEmpty { selection = nil }
      return
    }
    let post = posts[feedList.selection]
    guard post.id != selection?.postID else { return }
    postScroll = 0
    selection = Selection(
      postID: post.id, post: ObservedStore(model.post(post.id)),
      author: ObservedStore(model.user(post.userId)))
  }

  // MARK: Events

  public func handle(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .focus(let isFocused):
      model.operations.focus.set(isFocused)
      return .ignored
    case .resize:
      return .handled
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
  private func handleText(_ event: Event, now: Date) -> EventResult {
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

  private func handleDeletion(_ key: Key) -> EventResult {
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

  private func handleStoreDetail(_ key: Key) -> EventResult {
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

  private func handle(_ key: Key, now: Date) -> EventResult {
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

  private func perform(_ action: BrowserAction, now: Date) -> EventResult {
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

  private var selectedSnapshot: OperationSnapshot? {
    let snapshots = snapshots
    return snapshots.indices.contains(storesList.selection) ? snapshots[storesList.selection] : nil
  }

  private func moveFocus(by step: Int) {
    let panels: [Panel] = showsStores ? [.feed, .post, .stores] : [.feed, .post]
    let index = panels.firstIndex(of: focus) ?? 0
    focus = panels[(index + step + panels.count) % panels.count]
  }

  private func toggleStores() {
    showsStores.toggle()
    if showsStores {
      let wake = wake
      storeEvents = model.client.subscribeToEvents { _ in wake() }
    } else {
      storeEvents = nil
      if focus == .stores { focus = .feed }
    }
  }

  private func showFaultsUnavailable(now: Date) {
    toast.show("Faults are only available with the embedded service", kind: .error, now: now)
  }

  // MARK: Work

  /// Runs `work` on the model in a task; its outcome lands in the stores' states.
  ///
  /// Work from a key press starts immediately, on this thread, until it first waits: a run
  /// shows as loading, and an optimistic change shows, in the frame that answers the key.
  private func run(_ work: @escaping @Sendable (PostsModel) async throws -> Void) {
    let model = model
    Task.immediate { try? await work(model) }
  }

  private func loadMoreIfNearEnd(count: Int) {
    let state = model.feed.state
    guard filter == nil, feedList.selection >= count - 3, state.hasNextPage,
      !state.isLoadingNextPage, state.nextPageError == nil
    else { return }
    run { try await $0.loadMore() }
  }

  private func refetch() {
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

  private func editSelectedPost() {
    guard let selection else { return }
    let post =
      selection.post.state.currentValue ?? model.feedPosts.first { $0.id == selection.postID }
    guard let post else { return }
    editor = PostEditor(
      mode: .edit(post.id), draft: PostDraft(title: post.title, body: post.body))
  }

  private func submit(_ draft: PostDraft, mode: PostEditor.Mode) {
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

  private func delete(_ id: Int) {
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

  private func applyMessages(now: Date) {
    for message in inbox.take() {
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
          "Couldn't save post #\(id): \(reason) — undone", kind: .error, now: now, duration: 5)
      case .deleted(let id):
        toast.show("Post #\(id) deleted", now: now)
      case .deleteFailed(let id, let reason):
        toast.show(
          "Couldn't delete post #\(id): \(reason) — restored", kind: .error, now: now, duration: 5)
      }
    }
  }
}

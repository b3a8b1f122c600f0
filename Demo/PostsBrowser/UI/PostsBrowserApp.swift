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
  let inbox = Inbox<AppMessage>()
  var wake: @Sendable () -> Void = {}
  var focus = Panel.feed
  var feedList = ListState()
  /// The feed index the selected post was at when last seen, to tell a user's move from posts
  /// shifting under the selection.
  var syncedIndex = 0
  var filter: FeedFilter?
  var selection: Selection?
  var postScroll = 0
  var showsStores = false
  var storesList = ListState()
  var storeEvents: OperationSubscription?
  var storeDetail: StoreDetail?
  var editor: PostEditor?
  var deletion: PendingDeletion?
  var showsHelp = false
  var toast = ToastState()

  public init(model: PostsModel) {
    self.model = model
  }

  /// Calls `wake` (from any thread) whenever what the screen shows changes; the event loop's
  /// `waker.wake()` in the app, a test's own signal in screen tests.
  public func connect(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    inbox.onPost(wake)
  }

  public var inboxes: [any MessageSource] { [inbox] }

  public var minimumSize: Size { Size(width: 80, height: 24) }

  // MARK: Drawing

  public func render(into frame: inout Frame) {
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
  var revisions: [UInt64] {
    [
      model.feed.revision, selection?.post.revision ?? 0, selection?.author.revision ?? 0,
      model.activity.revision,
    ]
  }

  func draw(into frame: inout Frame) {
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
    Toast().render(in: rows[0], into: &frame, state: &toast)
    if let editor { editor.render(in: frame.bounds, into: &frame) }
    if let deletion {
      var prompt = deletion.prompt
      ConfirmPrompt(
        title: "Delete post #\(deletion.id)", message: "Delete “\(deletion.title)”?",
        confirmTitle: "Delete", cancelTitle: "Keep"
      ).render(in: frame.bounds, into: &frame, state: &prompt)
    }
    if let storeDetail {
      storeDetail.render(
        snapshot: model.client.store(at: storeDetail.path)?.snapshot, in: frame.bounds,
        into: &frame)
    }
    if showsHelp {
      var help = HelpState()
      HelpOverlay(
        [
          BrowserKeys.global.help, BrowserKeys.feed.help, BrowserKeys.post.help,
          BrowserKeys.stores.help, BrowserKeys.editor.help,
        ], title: "Help — press any key to close"
      ).render(in: frame.bounds, into: &frame, state: &help)
    }
  }

  var isModal: Bool {
    editor != nil || deletion != nil || storeDetail != nil || showsHelp
  }

  var hints: [KeyHint] {
    if editor != nil { return BrowserKeys.editor.hints }
    return keymap(for: focus).hints + BrowserKeys.global.hints
  }

  func keymap(for panel: Panel) -> Keymap<BrowserAction> {
    switch panel {
    case .feed: BrowserKeys.feed
    case .post: BrowserKeys.post
    case .stores: BrowserKeys.stores
    }
  }

  func visiblePosts(in state: PaginatedState<Int, PostsPage, HTTPError>) -> [Post] {
    let posts = PostsModel.posts(in: state)
    guard let filter else { return posts }
    return posts.filter(filter.matches)
  }

  var snapshots: [OperationSnapshot] {
    StoresPanel.sorted(model.client.stores())
  }

  /// Keeps the selected post in step with the feed: it follows the list when the user moves,
  /// and stays on the same post when posts shift under it (a new post at the top).
  func syncSelection() {
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

}

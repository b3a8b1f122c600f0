import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The Posts browser: the feed on the left, the selected post on the right, the store panel
/// and the status bar — every frame drawn from the stores' states, read from the stores
/// themselves and never copied.
///
/// View state (selection, scroll, dialogs, what is typed) lives here; server data lives in the
/// model's stores. Work that outlives a key press runs in tasks that report back through an
/// inbox. Every store the screen shows is watched with a subscription that wakes the loop
/// after the store changed, so the screen never misses a change (see ``PostSelection``).
public final class PostsBrowserApp: TerminalApp {
  enum Panel: Hashable {
    case feed, post, stores
  }

  /// A deletion waiting for confirmation.
  struct PendingDeletion {
    let id: Int
    let title: String
    var prompt = ConfirmState()
  }

  public let model: PostsModel
  let inbox = AppInbox()
  var wake: @Sendable () -> Void = {}
  /// Wakes for the feed, the request activity and (while shown) every store.
  var watches: [OperationSubscription] = []
  var storeEvents: OperationSubscription?
  var focus = Panel.feed
  var feedList = ListState()
  /// Where the selection was when the feed emptied (a reset, a refetch from scratch): it is
  /// restored there once enough pages are back.
  var anchorIndex: Int?
  var filter: FeedFilter?
  var selection: PostSelection?
  var postScroll = 0
  var showsStores = false
  var storesList = ListState()
  var storeDetail: StoreDetail?
  var editor: PostEditor?
  var deletion: PendingDeletion?
  var showsHelp = false
  var toast = ToastState()
  /// The size of the last frame or event, for the layout of key and mouse handling.
  var size = Size(width: 0, height: 0)

  public init(model: PostsModel) {
    self.model = model
  }

  /// Calls `wake` (from any thread) whenever what the screen shows changes; the event loop's
  /// `waker.wake()` in the app, a test's own signal in screen tests.
  public func connect(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    inbox.onMessage(wake)
    watches = [
      model.onFeedChange(wake),
      model.activity.onChange(wake),
    ]
    if showsStores { storeEvents = model.client.subscribeToEvents { _ in wake() } }
  }

  /// Starts the work the first screen needs on a screen of `size`: pages until the feed's
  /// rows are filled. Call it once the terminal is up, before the loop runs.
  public func start(size: Size) {
    self.size = size
    fillFeed()
  }

  public var minimumSize: Size { Size(width: 80, height: 24) }

  // MARK: Drawing

  public func render(into frame: inout Frame) {
    // Until the loop delivers messages to `handle` (the terminal's inbox), what finished work
    // reported and what the feed did meanwhile are taken in here, before drawing: the
    // selection follows its post through the feed's changes.
    size = frame.bounds.size
    applyMessages(now: frame.now)
    followSelection()
    draw(into: &frame)
  }

  /// The layout of the last frame's size.
  var layout: BrowserLayout {
    BrowserLayout(
      bounds: Rect(x: 0, y: 0, width: size.width, height: size.height), showsStores: showsStores)
  }

  func draw(into frame: inout Frame) {
    let layout = BrowserLayout(bounds: frame.bounds, showsStores: showsStores)
    let feedState = model.feed.state
    let activity = model.activity.snapshot
    let posts = visiblePosts(in: feedState)
    FeedPanel(
      state: feedState, posts: posts, filter: filter, isFocused: focus == .feed && !isModal,
      waitingSince: activity.waitingSince("/posts")
    ).render(in: layout.feed, into: &frame, list: &feedList)
    if let stores = layout.stores {
      StoresPanel(snapshots: snapshots, isFocused: focus == .stores && !isModal)
        .render(in: stores, into: &frame, list: &storesList)
    }
    PostPanel(
      postID: selection?.postID, post: selection?.post.state,
      placeholder: selection.flatMap { model.feedPost($0.postID) },
      author: selection?.author.state,
      waitingSince: selection.flatMap { activity.waitingSince("/posts/\($0.postID)") },
      retryHint: retryHint, isFocused: focus == .post && !isModal
    ).render(in: layout.post, into: &frame, scroll: &postScroll)
    StatusLine(
      faults: model.faults.settings, activity: activity, storeCount: model.client.storeCount
    ).render(in: layout.status, into: &frame)
    KeyHintBar(hints).render(in: layout.hints, into: &frame)
    let panels = Rect(x: 0, y: 0, width: frame.bounds.width, height: layout.status.minY)
    Toast(state: toast).render(in: panels, into: &frame)
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

  var isModal: Bool {
    editor != nil || deletion != nil || storeDetail != nil || showsHelp
  }

  /// The footer: what works in the view on top, most important first.
  var hints: [KeyHint] {
    if let editor { return editor.hints }
    if deletion != nil { return BrowserKeys.confirmation }
    if storeDetail != nil { return BrowserKeys.storeDetail }
    if showsHelp { return [KeyHint(keys: "any key", label: "close")] }
    if filter?.isEditing == true { return BrowserKeys.filtering }
    return BrowserKeys.hints(for: keymap(for: focus))
  }

  /// How to retry the post from where the user is: `r` works in the feed and the post.
  var retryHint: String {
    focus == .stores ? "2 then r to retry" : "r to retry"
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
}

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
  enum Panel: Hashable, Sendable {
    case feed, post, stores
  }

  /// A deletion waiting for confirmation.
  struct PendingDeletion {
    let id: Int
    let title: String
    var prompt = ConfirmState()
  }

  /// What a click can land on: a panel.
  typealias Target = Panel

  public let model: PostsModel
  let inbox = Inbox<AppMessage>()
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
  /// The help overlay while it is open.
  var help: HelpState?
  var toast = ToastState()
  /// Where the last frame drew what, for clicks.
  var hits = HitMap<Target>()
  /// The size of the last frame or event, for the layout of key and mouse handling.
  var size = Size(width: 0, height: 0)

  public init(model: PostsModel) {
    self.model = model
  }

  /// Calls `wake` (from any thread) whenever what the screen shows changes; the event loop's
  /// `waker.wake()` in the app, a test's own signal in screen tests.
  public func connect(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    inbox.onPost(wake)
    let inbox = inbox
    watches = [
      model.onFeedChange { inbox.post(.feedChanged) },
      model.activity.onChange(wake),
    ]
    // The feed may have changed before anyone listened.
    inbox.post(.feedChanged)
    for message in model.cache?.messages ?? [] { inbox.post(.cacheProblem(message)) }
    if showsStores { storeEvents = model.client.subscribeToEvents { _ in wake() } }
  }

  /// Starts the work the first screen needs on a screen of `size`: pages until the feed's
  /// rows are filled. Call it once the terminal is up, before the loop runs.
  public func start(size: Size) {
    self.size = size
    fillFeed()
  }

  public var inboxes: [any MessageSource] { [inbox] }

  public var minimumSize: Size { Size(width: 80, height: 24) }

  // MARK: Drawing

  /// Draws the frame from the stores' states and the view state; it starts nothing and
  /// creates no store (the selection follows the feed in `handle`, on `.feedChanged`).
  public func render(into frame: inout Frame) {
    draw(into: &frame)
  }

  /// The layout of the last frame's size.
  var layout: BrowserLayout {
    BrowserLayout(
      bounds: Rect(x: 0, y: 0, width: size.width, height: size.height), showsStores: showsStores)
  }

  func draw(into frame: inout Frame) {
    let layout = BrowserLayout(bounds: frame.bounds, showsStores: showsStores)
    hits.removeAll()
    hits.add(.feed, layout.feed)
    hits.add(.post, layout.post)
    if let stores = layout.stores { hits.add(.stores, stores) }
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
      author: selection?.author.state,
      waitingSince: selection.flatMap { activity.waitingSince("/posts/\($0.postID)") },
      retryHint: retryHint, isFocused: focus == .post && !isModal
    ).render(in: layout.post, into: &frame, scroll: &postScroll)
    StatusLine(
      faults: model.faults.settings, activity: activity, storeCount: model.client.storeCount,
      feedCachedAt: model.feedCachedAt, now: model.client.clock.now(),
      serverIsUnreachable: model.reachability?.isReachable == false
    ).render(in: layout.status, into: &frame)
    KeyHintBar(hints).render(in: layout.hints, into: &frame)
    let panels = Rect(x: 0, y: 0, width: frame.bounds.width, height: layout.status.minY)
    Toast().render(in: panels, into: &frame, state: &toast)
    if var editor {
      editor.render(in: frame.bounds, into: &frame)
      self.editor = editor
    }
    if var deletion {
      deletionPrompt(deletion).render(in: frame.bounds, into: &frame, state: &deletion.prompt)
      self.deletion = deletion
    }
    if var storeDetail {
      storeDetail.render(
        snapshot: model.client.store(at: storeDetail.path)?.snapshot, in: frame.bounds,
        into: &frame)
      self.storeDetail = storeDetail
    }
    if var help {
      HelpOverlay(BrowserKeys.helpSections).render(in: frame.bounds, into: &frame, state: &help)
      self.help = help
    }
  }

  func deletionPrompt(_ deletion: PendingDeletion) -> ConfirmPrompt {
    ConfirmPrompt(
      title: "Delete post #\(deletion.id)", message: "Delete “\(deletion.title)”?",
      confirmTitle: "Delete", cancelTitle: "Keep")
  }

  var isModal: Bool {
    editor != nil || deletion != nil || storeDetail != nil || help != nil
  }

  /// The footer: what works in the view on top, most important first.
  var hints: [KeyHint] {
    if let editor { return editor.hints }
    if deletion != nil { return ConfirmState.hints }
    if storeDetail != nil { return BrowserKeys.storeDetail }
    if help != nil {
      return [KeyHint(keys: "j/k", label: "scroll", importance: .high)] + HelpState.keymap.hints
    }
    if filter?.isEditing == true { return BrowserKeys.filtering }
    return keymap(for: focus).hints + BrowserKeys.global.hints
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

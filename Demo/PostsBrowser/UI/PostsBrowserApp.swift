import Foundation
import TetherAttach
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherTerminal

/// The Posts browser: the feed on the left, the selected post on the right, the devtools'
/// store view in a panel under it (or over the whole screen) and the status bar — every frame
/// drawn from the stores' states, read from the stores themselves and never copied.
///
/// View state (selection, scroll, dialogs, what is typed) lives here; server data lives in the
/// model's stores. Handlers start no work: they return it as commands, which the event loop
/// runs; what the screen must hear about comes back as their messages. Every store the screen shows is watched with a subscription that wakes the loop
/// after the store changed, so the screen never misses a change (see ``PostSelection``).
public final class PostsBrowserApp: TerminalApp {
  enum Panel: Hashable, Sendable {
    case feed, post, stores
  }

  /// What a click can land on: a panel.
  typealias Target = Panel

  public let model: PostsModel
  let inbox = Inbox<AppMessage>()
  var wake: @Sendable () -> Void = {}
  /// Wakes for the feed and the request activity.
  var watches: [OperationSubscription] = []
  /// The store view, store detail, timeline, network log and faults dialog (`s`, `S`, `N`,
  /// `F`), on the model's client, requests and faults.
  let devtools: Devtools
  var inspector = DevtoolsState()
  /// Whether the devtools are on screen, in their panel or full screen
  /// (`inspector.presentation`).
  var showsDevtools = false
  var focus = Panel.feed
  var feedList = ListState()
  /// Where the selection was when the feed emptied (a reset, a refetch from scratch): it is
  /// restored there once enough pages are back.
  var anchorIndex: Int?
  var filter: FeedFilter?
  var selection: PostSelection?
  var postScroll = 0
  /// The selected comment while the comments have focus; nil while the post has it.
  var commentCursor: CommentCursor?
  /// The editor, the question before a deletion, the devtools' dialogs and the help, over the
  /// panels: the topmost gets the keys.
  var layers = LayerStack<BrowserLayer>()
  var toast = ToastState()
  /// Where the last frame drew what, for clicks.
  var hits = HitMap<Target>()
  /// Where the last frame drew each comment of the post (by id), for clicks.
  var commentHits = HitMap<Int>()
  /// Where the status bar's request sparkline was drawn: a click opens the network log.
  var sparkline: Rect?
  /// Whether the `--url` server is being asked again (a timer or a probe runs).
  var isProbingServer = false
  /// The size of the last frame or event, for the layout of key and mouse handling.
  var size = Size(width: 0, height: 0)

  public init(model: PostsModel) {
    self.model = model
    devtools = Devtools(
      client: model.client, network: model.network, faults: model.faults.target,
      storeFaults: model.clientFaults, failures: SimulatedFailure.http,
      exporter: RecordingExporter())
    devtools.isActive = false
    inspector.keptStores[model.feed.path] =
      "the feed lives as long as the browser (z resets it)"
  }

  /// What to type in another terminal to browse this process (`tether attach 1234`); nil
  /// when it is not inspectable (`--no-inspect`). The help says it.
  public var attachCommand: String?

  /// Puts text on the terminal's clipboard for the devtools' "copy as JSON"
  /// (`{ screen.copyToClipboard($0) }`); without it values are saved to files only.
  public var clipboard: ((String) -> Bool)? {
    get { inspector.clipboard }
    set { inspector.clipboard = newValue }
  }

  /// Calls `wake` (from any thread) whenever what the screen shows changes; the event loop's
  /// `waker.wake()` in the app, a test's own signal in screen tests.
  public func connect(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    inbox.onPost(wake)
    let inbox = inbox
    watches = [
      model.onFeedChange { inbox.post(.feedChanged) },
      // Every request begun or finished, after the request activity stored it.
      model.network.observe { _ in wake() },
    ]
    if let reachability = model.reachability {
      watches.append(reachability.onChange { if !$0 { inbox.post(.serverLost) } })
      if !reachability.isReachable { inbox.post(.serverLost) }
    }
    if model.followsChanges {
      watches += [model.followChanges(), model.changes.subscribe { _ in wake() }]
    }
    devtools.messages.onPost(wake)
    // The feed may have changed before anyone listened.
    inbox.post(.feedChanged)
    for message in model.cache?.messages ?? [] { inbox.post(.fileNotice(message)) }
  }

  /// Shows `notice` about a file (the log made private) once the loop runs.
  public func tell(_ notice: String) {
    inbox.post(.fileNotice(notice))
  }

  /// The work the first screen needs: pages until the feed's rows are filled.
  public func start(context: EventContext) -> [Command] {
    size = context.size
    return fillFeed()
  }

  public var inboxes: [any MessageSource] { [inbox, devtools.messages] }

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
      bounds: Rect(x: 0, y: 0, width: size.width, height: size.height), devtools: devtoolsPlace)
  }

  /// Where the devtools go: nowhere, in their panel, or over the panels.
  var devtoolsPlace: BrowserLayout.DevtoolsPlace {
    guard showsDevtools else { return .hidden }
    return inspector.presentation == .fullScreen ? .fullScreen : .panel
  }

  func draw(into frame: inout Frame) {
    let layout = BrowserLayout(bounds: frame.bounds, devtools: devtoolsPlace)
    hits.removeAll()
    commentHits.removeAll()
    let activity = model.activity.snapshot
    let queued = model.queuedWrites
    if let feed = layout.feed, let post = layout.post {
      hits.add(.feed, feed)
      hits.add(.post, post)
      let feedState = model.feed.state
      let posts = visiblePosts(in: feedState)
      FeedPanel(
        state: feedState, posts: posts, filter: filter, isFocused: focus == .feed && !isModal,
        changedElsewhere: model.followsChanges
          ? model.changes.state.currentValue?.changedElsewhere ?? [] : [],
        waitingSince: activity.waitingSince("/posts"),
        hasTerminalFocus: model.operations.focus.value, queued: queued
      ).render(in: feed, into: &frame, list: &feedList)
      PostPanel(
        postID: selection?.postID, post: selection?.post.state,
        author: selection?.author.state, comments: selection?.comments.state,
        waitingSince: selection.flatMap { activity.waitingSince("/posts/\($0.postID)") },
        retryHint: retryHint, isFocused: focus == .post && !isModal,
        selectedCommentID: selectedComment?.id
      ).render(in: post, into: &frame, scroll: &postScroll, comments: &commentHits)
    }
    if let area = layout.devtools {
      hits.add(.stores, area)
      DevtoolsView(devtools, marks: marks, isFocused: focus == .stores && !isModal)
        .render(in: area, into: &frame, state: &inspector)
    }
    sparkline = StatusLine(
      faults: model.faults.target, storeFaults: model.clientFaults, activity: activity,
      storeCount: model.client.storeCount, feedCachedAt: model.feedCachedAt,
      now: model.client.clock.now(), serverIsUnreachable: model.reachability?.isReachable == false,
      offlineStatus: inspector.offlineStatus(devtools), queuedWrites: queued.count
    ).render(in: layout.status, into: &frame)
    KeyHintBar(hints).render(in: layout.hints, into: &frame)
    // The browser's toasts go above the status bar, or in the feed's corner while the
    // devtools' panel (with toasts of its own) takes the right one.
    let panels = Rect(x: 0, y: 0, width: frame.bounds.width, height: layout.status.minY)
    let toastArea = layout.devtools != nil ? (layout.feed ?? panels) : panels
    Toast().render(in: toastArea, into: &frame, state: &toast)
    drawLayers(into: &frame)
  }

  /// The stores behind what the panels show, marked in the store view.
  var marks: [OperationPath: String] {
    var marks = [model.feed.path: "feed"]
    if let selection {
      marks[selection.post.path] = "post"
      marks[selection.author.path] = "author"
    }
    return marks
  }

  /// Every key of the browser and of its devtools, for the help overlay.
  var helpSections: [HelpSection] {
    let attach = HelpSection(
      title: "From another terminal",
      entries: [
        attachCommand.map { KeyHint(keys: $0, label: "browse these stores live (tether list)") }
          ?? KeyHint(keys: "--no-inspect", label: "given: tether attach cannot see this browser")
      ])
    return BrowserKeys.helpSections + inspector.helpSections + [attach]
  }

  /// The footer: what works in the view on top, most important first.
  var hints: [KeyHint] {
    switch layers.top {
    case .editor(let editor): return editor.hints
    case .commentEditor:
      return [
        KeyHint(keys: "Enter", label: "send", importance: .essential),
        KeyHint(keys: "Esc", label: "close", importance: .essential),
      ]
    case .deletion: return ConfirmState.hints
    case .devtoolsDialog: return inspector.hints
    case .help:
      return [KeyHint(keys: "j/k", label: "scroll", importance: .high)] + HelpState.keymap.hints
    case nil: break
    }
    if filter?.isEditing == true { return BrowserKeys.filtering }
    guard let keymap = keymap(for: focus) else {
      let hints = inspector.hints
      guard !inspector.isEditingText else { return hints }
      // Over the whole screen there is no other panel for Tab to go to.
      let tab = BrowserKeys.global.keyLabel(for: .nextPanel)
      let global = BrowserKeys.global.hints.filter {
        inspector.presentation == .panel || $0.keys != tab
      }
      return hints + global
    }
    return keymap.hints + BrowserKeys.global.hints
  }

  /// How to retry the post from where the user is: `r` works in the feed and the post.
  var retryHint: String {
    focus == .stores ? "2 then r to retry" : "r to retry"
  }

  /// The keymap of a panel of the browser's own; nil for the devtools, which have theirs.
  func keymap(for panel: Panel) -> Keymap<BrowserAction>? {
    switch panel {
    case .feed: BrowserKeys.feed
    case .post: commentCursor == nil ? BrowserKeys.post : BrowserKeys.comments
    case .stores: nil
    }
  }

  func visiblePosts(in state: PaginatedState<Int, PostsPage, HTTPError>) -> [Post] {
    let posts = PostsModel.posts(in: state)
    guard let filter else { return posts }
    return posts.filter(filter.matches)
  }
}

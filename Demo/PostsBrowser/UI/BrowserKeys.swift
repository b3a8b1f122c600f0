import TetherTerminal

/// Everything a key can do in the browser.
enum BrowserAction: Hashable, Sendable {
  case quit, help, nextPanel, previousPanel, toggleStores, fullScreenStores, newPost
  case focusFeed, focusPost, focusStores
  case cycleFailureRate, cycleLatency, openFaults, showNetwork, loadMore, mockOffline, showEvents,
    openPalette
  case navigate, openPost, backToFeed, filter, refetch, editPost, deletePost
  case comment, deleteComment, intoComments, backToPost
}

/// The browser's keymaps: one per panel and one for everywhere. The footer hints and the help
/// overlay are generated from them; each keymap lists its bindings by importance, which is
/// the order the footer shows them in.
enum BrowserKeys {
  static let global = Keymap<BrowserAction>(
    title: "Everywhere",
    [
      .init(
        ["q", .ctrl("c")], .quit, "Quit (Ctrl-Z suspends)", hint: "quit", importance: .essential),
      .init(["n"], .newPost, "Write a new post", hint: "new"),
      .init(
        ["m"], .loadMore, "Load more posts (comments, in the post), or retry a failed page",
        hint: "more"),
      .init(
        ["s"], .toggleStores, "Show or hide the devtools' store panel", hint: "stores",
        importance: .low),
      .init(["S"], .fullScreenStores, "The devtools over the whole screen (Esc comes back)"),
      .init(["N"], .showNetwork, "The network log: every request, its store and its outcome"),
      .init(
        [":"], .openPalette, "Run any devtools action by name (clear cache, sort…)",
        hint: "actions", importance: .low),
      .init(["@"], .showEvents, "The event log: every client event in order, / filters"),
      .init(["1"], .focusFeed, "Focus the feed"),
      .init(["2"], .focusPost, "Focus the post"),
      .init(["3"], .focusStores, "Focus the store panel (shows it)"),
      .init([.tab], .nextPanel, "Focus the next panel", hint: "panel", importance: .low),
      .init([.shiftTab], .previousPanel, "Focus the previous panel"),
      .init(
        ["f"], .cycleFailureRate, "Failure rate: 0% → 25% → 50% → 100%", hint: "fail",
        importance: .low),
      .init(
        ["L"], .cycleLatency, "Latency: 0 → 300 ms → 1.5 s", hint: "latency",
        importance: .low),
      .init(
        ["F"], .openFaults,
        "Faults: failure rate and status, Retry-After, fail the next N, routes, latency, "
          + "jitter, truncated JSON, dropped connections", hint: "faults", importance: .low),
      .init(
        ["W"], .mockOffline,
        "Mock offline: queries pause, writes queue, nothing is sent until W again",
        hint: "offline", importance: .low),
      .init(["?"], .help, "Show this help", hint: "help"),
    ])

  static let feed = Keymap<BrowserAction>(
    title: "Feed",
    [
      .init(
        [.enter, "l", .right], .openPost, "Into the selected post", hint: "open", importance: .high),
      .init(
        ["r"], .refetch, "Refetch every loaded page, and retry what failed on screen",
        hint: "refetch", importance: .high),
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init(["/"], .filter, "Filter loaded posts by title (Esc clears)", hint: "filter"),
      .init(["e"], .editPost, "Edit the selected post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the selected post", hint: "delete"),
    ])

  static let post = Keymap<BrowserAction>(
    title: "Post",
    [
      .init(
        [.escape, "h", .left], .backToFeed, "Back to the feed", hint: "back", importance: .high),
      .init(
        ["r"], .refetch, "Refetch the post and its author", hint: "refetch", importance: .high),
      .init([.up, "k", .down, "j", .pageUp, .pageDown], .navigate, "Scroll the post"),
      .init(["e"], .editPost, "Edit the post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the post", hint: "delete"),
      .init(
        ["c"], .comment, "Comment on the post (shows at once; removed if refused)", hint: "comment"),
      .init(
        [.enter, "l", .right], .intoComments, "Into the comments, to select one",
        hint: "comments"),
      .init(["X"], .deleteComment, "Select your newest comment and ask to delete it"),
    ])

  /// While the comments of the post have focus (Enter in the post).
  static let comments = Keymap<BrowserAction>(
    title: "Comments",
    [
      .init(
        [.escape, "h", .left], .backToPost, "Back to the post", hint: "back", importance: .high),
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Select a comment"),
      .init(
        ["X"], .deleteComment, "Delete the selected comment if it is yours (asks first)",
        hint: "delete", importance: .high),
      .init(
        ["c"], .comment, "Comment on the post (shows at once; removed if refused)", hint: "comment"),
      .init(["r"], .refetch, "Refetch the post and its comments", hint: "refetch"),
    ])

  static let editor = Keymap<EditorAction>(
    title: "New or edited post",
    [
      .init([.ctrl("s")], .submit, "Submit", hint: "submit", importance: .essential),
      .init(
        [.escape], .close, "Close (asks first if text would be lost)", hint: "close",
        importance: .essential),
      .init([.tab], .nextControl, "Next field or button", hint: "next field"),
      .init([.shiftTab], .previousControl, "Previous field or button"),
      .init([.ctrl("c")], .quit, "Quit (asks first if text would be lost)"),
    ])

  /// The keys of the filter field while typing.
  static let filtering = [
    KeyHint(keys: "Enter", label: "keep filter", importance: .high),
    KeyHint(keys: "Esc", label: "clear", importance: .essential),
  ]

  /// Every keymap, for the help overlay.
  static var helpSections: [HelpSection] {
    [global.help, feed.help, post.help, comments.help, editor.help]
  }
}

/// What a key does in the post editor.
enum EditorAction: Hashable, Sendable {
  case nextControl, previousControl, submit, close, quit
}

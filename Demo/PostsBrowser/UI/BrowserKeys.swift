import TetherTerminal

/// Everything a key can do in the browser.
enum BrowserAction: Hashable, Sendable {
  case quit, help, nextPanel, previousPanel, toggleStores, newPost
  case focusFeed, focusPost, focusStores
  case cycleFailureRate, cycleLatency, loadMore
  case navigate, openPost, backToFeed, filter, refetch, editPost, deletePost
  case showStore, invalidateStore, resetStore, removeStore
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
      .init(["m"], .loadMore, "Load more posts, or retry the feed's failed page", hint: "more"),
      .init(
        ["s"], .toggleStores, "Show or hide the store panel", hint: "stores", importance: .low),
      .init(["1"], .focusFeed, "Focus the feed"),
      .init(["2"], .focusPost, "Focus the post"),
      .init(["3"], .focusStores, "Focus the store panel (shows it)"),
      .init([.tab], .nextPanel, "Focus the next panel", hint: "panel", importance: .low),
      .init([.shiftTab], .previousPanel, "Focus the previous panel"),
      .init(
        ["f"], .cycleFailureRate, "Server failure rate: 0% → 25% → 50% → 100%", hint: "fail",
        importance: .low),
      .init(
        ["L"], .cycleLatency, "Server latency: 0 → 300 ms → 1.5 s", hint: "latency",
        importance: .low),
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
    ])

  static let stores = Keymap<BrowserAction>(
    title: "Stores",
    [
      .init(
        [.enter], .showStore, "Show the store's full state", hint: "state", importance: .high),
      .init(["r"], .refetch, "Refetch the store", hint: "refetch", importance: .high),
      .init([.escape, "h", .left], .backToFeed, "Back to the feed", hint: "back"),
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init(["i"], .invalidateStore, "Invalidate the store", hint: "invalidate"),
      .init(["z"], .resetStore, "Reset the store", hint: "reset"),
      .init([.delete], .removeStore, "Remove the store from the client", hint: "remove"),
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

  /// The keys of the store detail view.
  static let storeDetail = [
    KeyHint(keys: "↑/↓", label: "scroll", importance: .high),
    KeyHint(keys: "PgUp/PgDn", label: "page"),
    KeyHint(keys: "Esc", label: "close", importance: .essential),
  ]

  /// The keys of the filter field while typing.
  static let filtering = [
    KeyHint(keys: "Enter", label: "keep filter", importance: .high),
    KeyHint(keys: "Esc", label: "clear", importance: .essential),
  ]

  /// Every keymap, for the help overlay.
  static var helpSections: [HelpSection] {
    [global.help, feed.help, post.help, stores.help, editor.help]
  }
}

/// What a key does in the post editor.
enum EditorAction: Hashable, Sendable {
  case nextControl, previousControl, submit, close, quit
}

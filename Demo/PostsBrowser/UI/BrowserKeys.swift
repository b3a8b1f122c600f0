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
      .init(["q", .ctrl("c")], .quit, "Quit (Ctrl-Z suspends)", hint: "quit"),
      .init(["n"], .newPost, "Write a new post", hint: "new"),
      .init(["m"], .loadMore, "Load more posts, or retry the feed's failed page", hint: "more"),
      .init(["s"], .toggleStores, "Show or hide the store panel", hint: "stores"),
      .init(["1"], .focusFeed, "Focus the feed"),
      .init(["2"], .focusPost, "Focus the post"),
      .init(["3"], .focusStores, "Focus the store panel (shows it)"),
      .init([.tab], .nextPanel, "Focus the next panel", hint: "panel"),
      .init([.shiftTab], .previousPanel, "Focus the previous panel"),
      .init(["f"], .cycleFailureRate, "Server failure rate: 0% → 25% → 50% → 100%", hint: "fail"),
      .init(["L"], .cycleLatency, "Server latency: 0 → 300 ms → 1.5 s", hint: "latency"),
      .init(["?"], .help, "Show this help", hint: "help"),
    ])

  static let feed = Keymap<BrowserAction>(
    title: "Feed",
    [
      .init([.enter, "l", .right], .openPost, "Into the selected post", hint: "open"),
      .init(
        ["r"], .refetch, "Refetch every loaded page, and retry what failed on screen",
        hint: "refetch"),
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init(["/"], .filter, "Filter loaded posts by title (Esc clears)", hint: "filter"),
      .init(["e"], .editPost, "Edit the selected post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the selected post", hint: "delete"),
    ])

  static let post = Keymap<BrowserAction>(
    title: "Post",
    [
      .init([.escape, "h", .left], .backToFeed, "Back to the feed", hint: "back"),
      .init(["r"], .refetch, "Refetch the post and its author", hint: "refetch"),
      .init([.up, "k", .down, "j", .pageUp, .pageDown], .navigate, "Scroll the post"),
      .init(["e"], .editPost, "Edit the post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the post", hint: "delete"),
    ])

  static let stores = Keymap<BrowserAction>(
    title: "Stores",
    [
      .init([.enter], .showStore, "Show the store's full state", hint: "state"),
      .init(["r"], .refetch, "Refetch the store", hint: "refetch"),
      .init([.escape, "h", .left], .backToFeed, "Back to the feed", hint: "back"),
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init(["i"], .invalidateStore, "Invalidate the store", hint: "invalidate"),
      .init(["z"], .resetStore, "Reset the store", hint: "reset"),
      .init([.delete], .removeStore, "Remove the store from the client", hint: "remove"),
    ])

  static let editor = Keymap<EditorAction>(
    title: "New or edited post",
    [
      .init([.ctrl("s")], .submit, "Submit", hint: "submit"),
      .init([.escape], .close, "Close (asks first if text would be lost)", hint: "close"),
      .init([.tab], .nextControl, "Next field or button", hint: "next field"),
      .init([.shiftTab], .previousControl, "Previous field or button"),
      .init([.ctrl("c")], .quit, "Quit (asks first if text would be lost)"),
    ])

  /// The keys of a yes/no question, for the footer while one is asked.
  static let confirmation = [
    KeyHint(keys: "y", label: "yes"), KeyHint(keys: "n", label: "no"),
    KeyHint(keys: "Esc", label: "cancel"), KeyHint(keys: "←/→", label: "choose"),
  ]

  /// The keys of the store detail view.
  static let storeDetail = [
    KeyHint(keys: "↑/↓", label: "scroll"), KeyHint(keys: "PgUp/PgDn", label: "page"),
    KeyHint(keys: "Esc", label: "close"),
  ]

  /// The keys of the filter field while typing.
  static let filtering = [
    KeyHint(keys: "Enter", label: "keep filter"), KeyHint(keys: "Esc", label: "clear"),
  ]

  /// The footer of a panel: its two most important keys, then quit, then the rest of the
  /// panel's and the global keys, by importance.
  static func hints(for panel: Keymap<BrowserAction>) -> [KeyHint] {
    let own = panel.hints
    let global = BrowserKeys.global.hints
    let quit = global.prefix(1)
    return Array(own.prefix(2)) + quit + own.dropFirst(2) + global.dropFirst()
  }
}

/// What a key does in the post editor.
enum EditorAction: Hashable, Sendable {
  case nextControl, previousControl, submit, close, quit
}

import TetherTerminal

/// Everything a key can do in the browser.
enum BrowserAction: Hashable, Sendable {
  case quit, help, nextPanel, previousPanel, toggleStores, newPost
  case cycleFailureRate, cycleLatency
  case navigate, openPost, loadMore, filter, refetch, editPost, deletePost
  case showStore, invalidateStore, resetStore, removeStore
}

/// The browser's keymaps: one per panel and one for everywhere. The footer hints and the help
/// overlay are generated from them.
enum BrowserKeys {
  static let global = Keymap<BrowserAction>(
    title: "Everywhere",
    [
      .init(["n"], .newPost, "Write a new post", hint: "new"),
      .init(["s"], .toggleStores, "Show or hide the store panel", hint: "stores"),
      .init([.tab], .nextPanel, "Focus the next panel", hint: "panel"),
      .init([.shiftTab], .previousPanel, "Focus the previous panel"),
      .init(["f"], .cycleFailureRate, "Server failure rate: 0% → 25% → 50% → 100%", hint: "fail"),
      .init(["l"], .cycleLatency, "Server latency: 0 → 300 ms → 1.5 s", hint: "latency"),
      .init(["?"], .help, "Show this help", hint: "help"),
      .init(["q", .ctrl("c")], .quit, "Quit (Ctrl-Z suspends)", hint: "quit"),
    ])

  static let feed = Keymap<BrowserAction>(
    title: "Feed",
    [
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init([.enter], .openPost, "Focus the selected post", hint: "open"),
      .init(["m"], .loadMore, "Load more posts", hint: "more"),
      .init(["/"], .filter, "Filter loaded posts by title (Esc clears)", hint: "filter"),
      .init(["r"], .refetch, "Refetch every loaded page", hint: "refetch"),
      .init(["e"], .editPost, "Edit the selected post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the selected post", hint: "delete"),
    ])

  static let post = Keymap<BrowserAction>(
    title: "Post",
    [
      .init([.up, "k", .down, "j", .pageUp, .pageDown], .navigate, "Scroll the post"),
      .init(["r"], .refetch, "Refetch the post", hint: "refetch"),
      .init(["e"], .editPost, "Edit the post", hint: "edit"),
      .init(["x"], .deletePost, "Delete the post", hint: "delete"),
    ])

  static let stores = Keymap<BrowserAction>(
    title: "Stores",
    [
      .init([.up, "k", .down, "j", .pageUp, .pageDown, "g", "G"], .navigate, "Move the selection"),
      .init([.enter], .showStore, "Show the store's full state", hint: "state"),
      .init(["r"], .refetch, "Refetch the store", hint: "refetch"),
      .init(["i"], .invalidateStore, "Invalidate the store", hint: "invalidate"),
      .init(["z"], .resetStore, "Reset the store", hint: "reset"),
      .init([.delete], .removeStore, "Remove the store from the client", hint: "remove"),
    ])

  static let editor = Keymap<EditorAction>(
    title: "New or edited post",
    [
      .init([.tab], .nextControl, "Next field or button"),
      .init([.shiftTab], .previousControl, "Previous field or button"),
      .init([.ctrl("s")], .submit, "Submit", hint: "submit"),
      .init([.escape], .close, "Close (asks first if text would be lost)", hint: "close"),
    ])
}

/// What a key does in the post editor.
enum EditorAction: Hashable, Sendable {
  case nextControl, previousControl, submit, close
}

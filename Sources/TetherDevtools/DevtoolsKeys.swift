import TetherTerminal

/// Everything a key does in the devtools; the raw value is the action's name in the config
/// file (`"refetch"`, `"triggerLoading"`).
public enum DevtoolsAction: String, Hashable, Sendable, CaseIterable {
  case refetch, invalidate, reset, remove
  case triggerLoading, triggerError, restore
  case retryLatest, failNext
  case copyValue, copyWholeValue
  case open, back, toggleFullScreen, nextTab, previousTab
  case showNetwork, showStores, fitRun, clearNetwork
  case toggleOffline, showEvents, openPalette, editValue, clearEvents, clearCache
  case copyCurl

  /// The actions that change the stores' process — refetch, reset, trigger a state, fail the
  /// next requests, mock offline (`W`), edit a value, clear the cache — which nothing can do
  /// to a recording replayed or a process that has gone (see ``DevtoolsKeys/removing(_:)``).
  public static let changingTheSource: Set<DevtoolsAction> = [
    .refetch, .invalidate, .reset, .remove, .triggerLoading, .triggerError, .restore,
    .retryLatest, .failNext, .toggleOffline, .editValue, .clearCache,
  ]
}

/// The devtools' keymaps: the footer hints and the help are generated from them, and an app
/// may rebind any key (`state.keys.stores.rebind(.remove, to: ["d"])`).
public struct DevtoolsKeys: Sendable {
  /// Keys of the store view and the store detail.
  public var stores: Keymap<DevtoolsAction>
  /// Keys of the store detail only.
  public var detail: Keymap<DevtoolsAction>
  /// Keys of the network log.
  public var network: Keymap<DevtoolsAction>
  /// Keys of the event log.
  public var events: Keymap<DevtoolsAction>
  /// The actions these keys leave out everywhere, the command palette included (see
  /// ``removing(_:)``); none by default.
  public private(set) var withheld: Set<DevtoolsAction> = []

  /// Keys of the store view, the store detail and the network log; the standard ones unless given.
  public init(
    stores: Keymap<DevtoolsAction> = DevtoolsKeys.standardStores,
    detail: Keymap<DevtoolsAction> = DevtoolsKeys.standardDetail,
    network: Keymap<DevtoolsAction> = DevtoolsKeys.standardNetwork,
    events: Keymap<DevtoolsAction> = DevtoolsKeys.standardEvents
  ) {
    self.stores = stores
    self.detail = detail
    self.network = network
    self.events = events
  }

  public static let standardStores = Keymap<DevtoolsAction>(
    title: "Stores",
    [
      .init(
        [.enter], .open, "Show the store's state, value and timeline (on a group: fold)",
        hint: "open", importance: .high),
      .init(
        ["r"], .refetch, "Refetch the query (mutations are never refetched)", hint: "refetch",
        importance: .high),
      .init(["i"], .invalidate, "Invalidate the query", hint: "invalidate"),
      .init(["z"], .reset, "Reset the query (asks when it is in use)", hint: "reset"),
      .init(
        ["x", .delete], .remove, "Remove the query from the client (asks when it is in use)",
        hint: "remove"),
      .init(
        ["P"], .triggerLoading,
        "Trigger loading: show the first load (pending), no request sent", hint: "loading"),
      .init(["E"], .triggerError, "Trigger error: show a failure, no request sent", hint: "error"),
      .init(
        ["u"], .restore, "Restore the state a trigger or an edit replaced", hint: "restore"),
      .init(
        ["R"], .retryLatest, "Retry the mutation's latest attempt (asks, showing the arguments)",
        hint: "retry latest"),
      .init(["!"], .failNext, "Fail the next requests of this store", hint: "fail next"),
      .init(["S"], .toggleFullScreen, "Full screen, or back to the panel", hint: "full screen"),
      .init(["N"], .showNetwork, "Show the network log", hint: "network"),
      .init(
        ["W"], .toggleOffline,
        "Mock offline: queries pause and writes queue until W again (o/O sort)",
        hint: "offline"),
      .init(["@"], .showEvents, "The event log: every client event in order", hint: "events"),
      .init([":"], .openPalette, "Run any action by name", hint: "actions"),
      .init([.escape], .back, "Back (clears a filter first)", hint: "back", importance: .high),
    ])

  public static let standardDetail = Keymap<DevtoolsAction>(
    title: "Store detail",
    [
      .init(
        [.tab], .nextTab, "Next tab: state, value, timeline, attempts", hint: "tab",
        importance: .high),
      .init([.shiftTab], .previousTab, "Previous tab"),
      .init(
        ["c"], .copyValue, "Copy the selected value as JSON (clipboard and a file)",
        hint: "copy"),
      .init(["C"], .copyWholeValue, "Copy the whole value as JSON"),
      .init(["a"], .fitRun, "Timeline: fit the selected run, or every run", hint: "fit run"),
      .init(
        ["e"], .editValue,
        "Value: edit the selected part (Space-like flip for a boolean; it must decode as the "
          + "store's type; u restores)", hint: "edit"),
    ])

  public static let standardNetwork = Keymap<DevtoolsAction>(
    title: "Network log",
    [
      .init(
        [.enter], .open, "Show the request's headers and body", hint: "open",
        importance: .high),
      .init(["s"], .showStores, "Show the stores", hint: "stores"),
      .init(["c"], .copyCurl, "Copy the request as a curl command", hint: "curl"),
      .init(["X"], .clearNetwork, "Clear the network log", hint: "clear"),
      .init(["W"], .toggleOffline, "Mock offline, or online again", hint: "offline"),
      .init(["@"], .showEvents, "The event log", hint: "events"),
      .init([":"], .openPalette, "Run any action by name", hint: "actions"),
      .init(["S"], .toggleFullScreen, "Full screen, or back to the panel", hint: "full screen"),
      .init([.escape], .back, "Back (clears a filter first)", hint: "back", importance: .high),
    ])

  public static let standardEvents = Keymap<DevtoolsAction>(
    title: "Event log",
    [
      .init(
        [.enter], .open, "Open the event's store at that moment of its timeline", hint: "open",
        importance: .high),
      .init(["s"], .showStores, "Show the stores", hint: "stores"),
      .init(["N"], .showNetwork, "Show the network log", hint: "network"),
      .init(["X"], .clearEvents, "Clear the event log", hint: "clear"),
      .init(["W"], .toggleOffline, "Mock offline, or online again", hint: "offline"),
      .init([":"], .openPalette, "Run any action by name", hint: "actions"),
      .init(["S"], .toggleFullScreen, "Full screen, or back to the panel", hint: "full screen"),
      .init([.escape], .back, "Back (clears a filter first)", hint: "back", importance: .high),
    ])

  /// These keys without `actions`, for a screen where they can do nothing: the footers, the
  /// help and the palette leave them out, and their keys do nothing. A recording replayed or
  /// a process that has gone changes no more: its devtools remove
  /// ``DevtoolsAction/changingTheSource``.
  public func removing(_ actions: Set<DevtoolsAction>) -> DevtoolsKeys {
    var keys = DevtoolsKeys(
      stores: stores.removing(actions), detail: detail.removing(actions),
      network: network.removing(actions), events: events.removing(actions))
    keys.withheld = withheld.union(actions)
    return keys
  }

  /// The keymaps' names in the config file, in order.
  public static let names = ["stores", "detail", "network", "events"]

  /// The keymap the config file calls `name` (one of ``names``); nil for another name.
  public subscript(keymap name: String) -> Keymap<DevtoolsAction>? {
    get {
      switch name {
      case "stores": stores
      case "detail": detail
      case "network": network
      case "events": events
      default: nil
      }
    }
    set {
      guard let newValue else { return }
      switch name {
      case "stores": stores = newValue
      case "detail": detail = newValue
      case "network": network = newValue
      case "events": events = newValue
      default: break
      }
    }
  }

  /// The action `event`'s key was bound to away from the standard keys (by the config file or
  /// the app) in the keymap at `keymap`: such a key goes to its action before the view's own
  /// keys, so a binding of `g` refetches instead of going to the top.
  func reboundAction(
    for event: Event, in keymap: KeyPath<DevtoolsKeys, Keymap<DevtoolsAction>>
  ) -> DevtoolsAction? {
    guard case .key(let key) = event, let action = self[keyPath: keymap].action(for: key),
      DevtoolsKeys()[keyPath: keymap].action(for: key) != action
    else { return nil }
    return action
  }

  /// Help sections for every devtools keymap, with the navigation and filter keys.
  public var help: [HelpSection] {
    [
      stores.help,
      HelpSection(
        title: "Store view",
        entries: [
          KeyHint(keys: "/", label: "Filter by path (Enter keeps it, Esc clears)"),
          KeyHint(keys: "t", label: "Show only one state: fetching, paused, stale, fresh, …"),
          KeyHint(keys: "o / O", label: "Sort by path, status or last update / reverse"),
          KeyHint(keys: "↑ at the top", label: "The header: ←/→ pick a state, Enter filters"),
          KeyHint(keys: "→/l ←/h", label: "Unfold, fold a group"),
          // Apart, so that an app that takes Space (`tether replay` plays with it) can leave
          // it out of its help.
          KeyHint(keys: "Space", label: "Toggle a group"),
        ]),
      detail.help,
      HelpSection(
        title: "Value explorer",
        entries: [
          KeyHint(keys: "→/l ←/h", label: "Unfold, fold (or go to the parent)"),
          KeyHint(keys: "Space", label: "Toggle the selected node"),
          KeyHint(keys: "* / -", label: "Unfold or fold everything under the selection"),
          KeyHint(keys: "/ n N", label: "Search keys and values, next and previous match"),
          KeyHint(keys: "g G PgUp PgDn", label: "Top, bottom, a page up or down"),
        ]),
      network.help,
      HelpSection(
        title: "Network log view",
        entries: [
          KeyHint(keys: "/", label: "Filter by method, path, status or store"),
          KeyHint(keys: "t", label: "Show all, failures, 2xx, 4xx, 5xx, in flight or cancelled"),
        ]),
      events.help,
      HelpSection(
        title: "Event log view",
        entries: [KeyHint(keys: "/", label: "Filter by path or kind (failed, run, value set…)")]),
    ]
  }
}

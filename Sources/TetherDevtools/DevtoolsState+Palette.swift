import Foundation
import TetherCore
import TetherTerminal

extension DevtoolsState {
  /// `:`: opens the command palette, which runs any devtools action by name.
  public mutating func openPalette() {
    dialogs.push(.palette(PaletteState(keys: keys)))
  }

  mutating func run(_ command: PaletteEntry.Command, devtools: Devtools, now: Date) {
    switch command {
    case .action(let action):
      let key: StoreKey?
      switch page {
      case .detail: key = detail.map { StoreKey(path: $0.path, isMutation: $0.isMutation) }
      default: key = browser.selection?.storeKey.map(StoreKey.init)
      }
      switch action {
      case .clearNetwork:
        devtools.network?.removeAll()
        performed = (.clearNetwork, [])
      case .copyCurl:
        copyCurl(devtools: devtools, now: now)
      case .clearEvents:
        devtools.events.removeAll()
        toast.show("Event log cleared", now: now)
      case .copyValue, .copyWholeValue, .fitRun:
        guard page == .detail else {
          toast.show("Open a store first (Enter): that acts on its detail", kind: .error, now: now)
          return
        }
        if action == .fitRun {
          detail?.fitsRun.toggle()
        } else {
          copy(whole: action == .copyWholeValue, devtools: devtools, now: now)
        }
      default:
        let outcome = perform(action, on: key, devtools: devtools, now: now)
        if outcome == .close { toast.show("Esc closes the devtools", now: now) }
      }
    case .clearCache:
      askToClearCache(devtools, now: now)
    case .sort(let key):
      browser.sort = StoreSort(key)
      toast.show("Stores sorted by \(key.rawValue)", now: now)
    case .reverseSort:
      browser.sort.ascending.toggle()
      toast.show("Stores sorted by \(browser.sort.label)", now: now)
    case .exportSession:
      exportSession(devtools, now: now)
    case .theme(let name):
      theme = DevtoolsTheme(name, colors: theme.colors)
      toast.show("Theme \(name.rawValue)", now: now)
    }
  }

  /// Clear cache asks first, with what it will do: how many stores go and how many are reset
  /// because something shows them (or the app keeps them).
  mutating func askToClearCache(_ devtools: Devtools, now: Date) {
    catalog.synchronize(with: devtools)
    let queries = catalog.records.values.filter { !$0.isMutation }
    guard !queries.isEmpty else {
      toast.show("The cache is empty", now: now)
      return
    }
    let kept = queries.filter { $0.snapshot.subscriberCount > 0 || keptStores[$0.path] != nil }
    let removed = queries.count - kept.count
    var message = "Remove \(removed) store\(removed == 1 ? "" : "s") without subscribers"
    message +=
      kept.isEmpty
      ? "? Nothing shows them."
      : " and reset the \(kept.count) in use (what shows them fetches them again)?"
    ask(
      DevtoolsPrompt(
        title: "Clear the cache", message: message, confirmTitle: "Clear",
        question: .confirm(ConfirmState()), action: .clearCache))
  }

  /// Removes every query without subscribers and resets the others.
  mutating func clearCache(_ devtools: Devtools, now: Date) {
    catalog.synchronize(with: devtools)
    var removed = 0
    var reset = 0
    for record in catalog.records.values where !record.isMutation {
      simulations[StoreKey(path: record.path, isMutation: false)] = nil
      if record.snapshot.subscriberCount > 0 || keptStores[record.path] != nil {
        record.store.reset()
        reset += 1
      } else {
        devtools.source.remove(at: record.path)
        removed += 1
      }
    }
    catalog.synchronize(with: devtools)
    performed = (.clearCache, [])
    toast.show(
      "Cache cleared: \(removed) removed, \(reset) reset and fetching again", now: now)
  }
}

import Foundation
import TetherTerminal

/// One thing the command palette (`:`) runs: any devtools action by its name, with the key
/// that also runs it, and the actions that have no key.
struct PaletteEntry: Sendable {
  /// What it runs.
  enum Command: Sendable, Hashable {
    case action(DevtoolsAction)
    case clearCache
    case sort(StoreSort.Key)
    case reverseSort
    case theme(DevtoolsTheme.Name)
    case exportSession
  }

  var name: String
  var detail: String
  /// The key that does the same, if one does: `r`, `Ctrl-S`.
  var keys: String?
  var command: Command

  /// Every entry: the keymaps' actions (named by their help text, with their keys), then the
  /// actions without a key.
  static func all(keys: DevtoolsKeys) -> [PaletteEntry] {
    var entries: [PaletteEntry] = []
    var seen = Set<DevtoolsAction>()
    let excluded: Set<DevtoolsAction> = [.openPalette, .open, .back, .nextTab, .previousTab]
    for keymap in [keys.stores, keys.detail, keys.events, keys.network] {
      for binding in keymap.bindings
      where !excluded.contains(binding.action) && !seen.contains(binding.action) {
        seen.insert(binding.action)
        entries.append(
          PaletteEntry(
            name: Self.name(of: binding.description),
            detail: binding.description, keys: binding.keyLabel, command: .action(binding.action)))
      }
    }
    if !keys.withheld.contains(.clearCache) {
      entries.append(
        PaletteEntry(
          name: "Clear cache",
          detail: "Remove every store without subscribers and reset the rest (asks, with counts)",
          keys: nil, command: .clearCache))
    }
    for key in StoreSort.Key.allCases {
      entries.append(
        PaletteEntry(
          name: "Sort by \(key.rawValue)", detail: "Order the store view by \(key.rawValue)",
          keys: nil, command: .sort(key)))
    }
    entries.append(
      PaletteEntry(
        name: "Reverse sort", detail: "Reverse the store view's order", keys: nil,
        command: .reverseSort))
    entries.append(
      PaletteEntry(
        name: "Export session",
        detail: "Save every store, run log, history, request and fault to a file tether replay "
          + "opens", keys: nil, command: .exportSession))
    for theme in DevtoolsTheme.Name.allCases {
      entries.append(
        PaletteEntry(
          name: "Theme \(theme.rawValue)",
          detail: "Draw the devtools in the \(theme.rawValue) colours (the config file's theme)",
          keys: nil, command: .theme(theme)))
    }
    return entries
  }

  /// A help text without its explanations: `Refetch the query (mutations are never
  /// refetched)` → `Refetch the query`; `Trigger loading: show…` → `Trigger loading`.
  private static func name(of description: String) -> String {
    var name = description
    if let cut = name.firstIndex(where: { $0 == "(" || $0 == ":" }) { name = String(name[..<cut]) }
    return name.trimmingCharacters(in: .whitespaces)
  }
}

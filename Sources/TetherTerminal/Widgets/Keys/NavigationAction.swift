/// What navigation keys do in the widgets that scroll or select: the actions of the standard
/// keymaps below, which ``ScrollState``, ``ListState`` and ``TreeState`` take as a parameter —
/// rebind them by passing your own.
///
/// ```swift
/// var keys = Keymap<NavigationAction>.list
/// keys.rebind(.down, to: [.down, "j", "n"])
/// if feed.handle(key, count: posts.count, keymap: keys) { return .handled }
/// HelpOverlay([keys.help, appKeys.help])   // the help shows the new keys
/// ```
public enum NavigationAction: Hashable, Sendable {
  case up, down, pageUp, pageDown, top, bottom
  /// Unfold the selected node (or step into it when unfolded).
  case expand
  /// Fold the selected node (or step out to its parent when folded).
  case collapse
  /// Fold or unfold the selected node.
  case toggle
}

extension Keymap where Action == NavigationAction {
  /// Scrolling text: ↑/k, ↓/j, PgUp/Ctrl-B, PgDn/Ctrl-F, g/Home, G/End.
  public static let scrolling = Keymap(
    title: "Scrolling",
    [
      .init([.up, "k"], .up, "Scroll up"),
      .init([.down, "j"], .down, "Scroll down"),
      .init([.pageUp, .ctrl("b")], .pageUp, "Scroll up a page"),
      .init([.pageDown, .ctrl("f")], .pageDown, "Scroll down a page"),
      .init([.home, "g"], .top, "Go to the top"),
      .init([.end, "G"], .bottom, "Go to the end"),
    ])

  /// Moving a selection in a list or table: the keys of ``scrolling``, said of a selection.
  public static let list = Keymap(
    title: "Lists",
    scrolling.bindings.map { binding in
      var binding = binding
      switch binding.action {
      case .up: binding.description = "Select the previous row"
      case .down: binding.description = "Select the next row"
      case .pageUp: binding.description = "Up a page"
      case .pageDown: binding.description = "Down a page"
      case .top: binding.description = "Select the first row"
      case .bottom: binding.description = "Select the last row"
      case .expand, .collapse, .toggle: break
      }
      return binding
    })

  /// A tree: the list keys, →/l unfold, ←/h fold (or go to the parent), Space toggles.
  public static let tree = Keymap(
    title: "Trees",
    list.bindings + [
      .init([.right, "l"], .expand, "Unfold, or go to the first child"),
      .init([.left, "h"], .collapse, "Fold, or go to the parent"),
      .init([.space], .toggle, "Fold or unfold"),
    ])
}

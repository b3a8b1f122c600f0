import Foundation

/// What the help overlay keeps while it is open: its scroll position and its filter.
///
/// ```swift
/// var help: HelpState?                       // nil while closed
/// // handle, while open:
/// switch help!.handle(event) {
/// case .close: help = nil
/// case .handled: break
/// case .ignored: return .ignored
/// }
/// ```
public struct HelpState: Hashable, Sendable {
  /// What a key did to the overlay.
  public enum Outcome: Hashable, Sendable {
    case handled
    /// Esc (with no filter), `q` or `?`: the app closes the overlay.
    case close
    /// Not a key the overlay uses.
    case ignored
  }

  /// What the help overlay's own keys do.
  public enum Action: Hashable, Sendable {
    case filter, close
  }

  /// The overlay's own keys (besides ``Keymap/scrolling``), shown in its footer.
  public static let keymap = Keymap<Action>(
    title: "Help",
    [
      .init(["/"], .filter, "Filter the keys", hint: "filter", importance: .high),
      .init([.escape, "q", "?"], .close, "Close the help", hint: "close", importance: .essential),
    ])

  public var scroll = ScrollState()
  /// What the entries are filtered by (keys or description containing it).
  public var filter = TextFieldState()
  /// Whether keys go to the filter field.
  public private(set) var isFiltering = false

  /// The help scrolled to its top, unfiltered.
  public init() {}

  /// Scrolls (j/k, ↑/↓, PgUp/PgDn, g/G, the wheel), filters (`/`, then type; Enter keeps the
  /// filter, Esc clears it) and closes (Esc, `q`, `?`).
  public mutating func handle(_ event: Event) -> Outcome {
    if isFiltering { return handleFilter(event) }
    switch event {
    case .mouse(let mouse): return scroll.handle(mouse) ? .handled : .ignored
    case .key(let key):
      if scroll.handle(key) { return .handled }
      switch Self.keymap.action(for: key) {
      case .filter:
        isFiltering = true
        return .handled
      case .close:
        if key == .escape && !filter.text.isEmpty {
          filter = TextFieldState()
          scroll.scroll(to: 0)
          return .handled
        }
        return .close
      case nil:
        return .ignored
      }
    default:
      return .ignored
    }
  }

  private mutating func handleFilter(_ event: Event) -> Outcome {
    switch event {
    case .key(.escape):
      filter = TextFieldState()
      isFiltering = false
    case .key(.enter):
      isFiltering = false
    case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown):
      if case .key(let key) = event { _ = scroll.handle(key) }
    case .mouse(let mouse):
      return scroll.handle(mouse) ? .handled : .ignored
    default:
      guard filter.handle(event) else { return .ignored }
    }
    scroll.scroll(to: 0)
    return .handled
  }

  /// Whether `entry` (in a section titled `section`) passes the filter.
  func matches(_ entry: KeyHint, section: String) -> Bool {
    let needle = filter.text.trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return true }
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    return [entry.keys, entry.label, section].contains {
      $0.range(of: needle, options: options) != nil
    }
  }
}

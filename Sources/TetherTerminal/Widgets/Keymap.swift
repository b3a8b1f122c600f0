/// Keys and what they do, in one place: the app looks actions up here, and the footer hints
/// (``KeyHintBar``) and the help overlay (``HelpOverlay``) are generated from the same list, so
/// they cannot drift apart.
///
/// ```swift
/// enum FeedAction { case open, refresh, help, quit }
/// let keymap = Keymap<FeedAction>([
///   .init([.enter], .open, "Open the selected post", hint: "open"),
///   .init(["r"], .refresh, "Refetch", hint: "refresh"),
///   .init(["?"], .help, "Show this help", hint: "help"),
///   .init(["q", .ctrl("c")], .quit, "Quit"),
/// ])
/// if case .key(let key) = event, let action = keymap.action(for: key) { ... }
/// ```
public struct Keymap<Action: Hashable & Sendable>: Sendable {
  public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// What the help overlay says.
    public var description: String
    /// A short label for the footer; nil keeps the binding out of the footer.
    public var hint: String?

    public init(_ keys: [Key], _ action: Action, _ description: String, hint: String? = nil) {
      self.keys = keys
      self.action = action
      self.description = description
      self.hint = hint
    }

    /// The keys as shown to the user: `↑/k`.
    public var keyLabel: String { keys.map(\.description).joined(separator: "/") }
  }

  public var title: String
  public var bindings: [Binding]
  private let actions: [Key: Action]

  public init(title: String = "Keys", _ bindings: [Binding]) {
    self.title = title
    self.bindings = bindings
    var actions: [Key: Action] = [:]
    for binding in bindings {
      for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
    }
    self.actions = actions
  }

  /// The action bound to `key` (the first binding wins).
  public func action(for key: Key) -> Action? { actions[key] }

  /// Footer hints, in binding order.
  public var hints: [KeyHint] {
    bindings.compactMap { binding in
      binding.hint.map { KeyHint(keys: binding.keyLabel, label: $0) }
    }
  }

  /// Every binding as a help section.
  public var help: HelpSection {
    HelpSection(
      title: title, entries: bindings.map { KeyHint(keys: $0.keyLabel, label: $0.description) })
  }
}

/// A key label and what it does: `? help`.
public struct KeyHint: Hashable, Sendable {
  public var keys: String
  public var label: String

  public init(keys: String, label: String) {
    self.keys = keys
    self.label = label
  }
}

/// A titled group of key descriptions in a ``HelpOverlay``.
public struct HelpSection: Hashable, Sendable {
  public var title: String
  public var entries: [KeyHint]

  public init(title: String, entries: [KeyHint]) {
    self.title = title
    self.entries = entries
  }
}

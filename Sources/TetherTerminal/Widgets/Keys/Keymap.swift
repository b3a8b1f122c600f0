/// Keys and what they do, in one place: the app looks actions up here, and the footer hints
/// (``KeyHintBar``) and the help overlay (``HelpOverlay``) are generated from the same list, so
/// they cannot drift apart. Every binding carries its help text, and can be rebound.
///
/// ```swift
/// enum FeedAction { case open, refresh, help, quit }
/// var keymap = Keymap<FeedAction>([
///   .init([.enter], .open, "Open the selected post", hint: "open", importance: .high),
///   .init(["r"], .refresh, "Refetch", hint: "refresh"),
///   .init(["?"], .help, "Show this help", hint: "help"),
///   .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
/// ])
/// keymap.rebind(.refresh, to: ["R"])           // e.g. from a config file
/// if let action = keymap.action(for: event) { ... }
/// ```
public struct Keymap<Action: Hashable & Sendable>: Sendable {
  /// Keys bound to one action, with the help text and the footer hint that describe it.
  public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// What the help overlay says.
    public var description: String
    /// A short label for the footer; nil keeps the binding out of the footer.
    public var hint: String?
    /// Which hints the footer keeps when they do not all fit.
    public var importance: HintImportance

    /// Binds `keys` to `action`, described by `help` in the help overlay and by `hint` in the
    /// footer.
    public init(
      _ keys: [Key], _ action: Action, _ description: String, hint: String? = nil,
      importance: HintImportance = .normal
    ) {
      self.keys = keys
      self.action = action
      self.description = description
      self.hint = hint
      self.importance = importance
    }

    /// The keys as shown to the user: `↑/k`.
    public var keyLabel: String { keys.map(\.description).joined(separator: "/") }
  }

  public var title: String
  public private(set) var bindings: [Binding]
  private var actions: [Key: Action] = [:]

  /// A keymap of `bindings`, titled `title` in the help.
  public init(title: String = "Keys", _ bindings: [Binding]) {
    self.title = title
    self.bindings = bindings
    reindex()
  }

  /// The action bound to `key` (the first binding wins).
  public func action(for key: Key) -> Action? { actions[key] }

  /// The action bound to the key of a key event; nil for other events.
  public func action(for event: Event) -> Action? {
    guard case .key(let key) = event else { return nil }
    return actions[key]
  }

  /// The keys bound to `action`, as the user sees them (`r`, `↑/k`); nil when unbound.
  public func keyLabel(for action: Action) -> String? {
    bindings.first { $0.action == action && !$0.keys.isEmpty }?.keyLabel
  }

  /// Binds `action` to `keys` instead of its current keys. Any other binding loses these keys,
  /// so a key keeps one meaning; help and hints follow.
  public mutating func rebind(_ action: Action, to keys: [Key]) {
    for index in bindings.indices {
      if bindings[index].action == action {
        bindings[index].keys = keys
      } else {
        bindings[index].keys.removeAll { keys.contains($0) }
      }
    }
    reindex()
  }

  /// This keymap with `action` bound to `keys`; see ``rebind(_:to:)``.
  public func rebinding(_ action: Action, to keys: [Key]) -> Keymap {
    var copy = self
    copy.rebind(action, to: keys)
    return copy
  }

  /// This keymap without the bindings of `actions`: for a screen where they can do nothing,
  /// so that neither the hints nor the help offer them, and their keys do nothing.
  public func removing(_ actions: Set<Action>) -> Keymap {
    Keymap(title: title, bindings.filter { !actions.contains($0.action) })
  }

  /// Footer hints, in binding order (``KeyHintBar`` orders them by importance).
  public var hints: [KeyHint] {
    bindings.compactMap { binding in
      guard let hint = binding.hint, !binding.keys.isEmpty else { return nil }
      return KeyHint(keys: binding.keyLabel, label: hint, importance: binding.importance)
    }
  }

  /// Every bound binding as a help section.
  public var help: HelpSection {
    HelpSection(
      title: title,
      entries: bindings.filter { !$0.keys.isEmpty }.map {
        KeyHint(keys: $0.keyLabel, label: $0.description, importance: $0.importance)
      })
  }

  private mutating func reindex() {
    actions.removeAll()
    for binding in bindings {
      for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
    }
  }
}

/// How much a hint matters when the footer is short of room: the least important go first.
public enum HintImportance: Int, Comparable, Hashable, Sendable {
  case low, normal, high
  /// Kept whatever the width (quit, and the key that shows the rest).
  case essential

  public static func < (left: HintImportance, right: HintImportance) -> Bool {
    left.rawValue < right.rawValue
  }
}

/// A key label and what it does: `? help`.
public struct KeyHint: Hashable, Sendable {
  public var keys: String
  public var label: String
  public var importance: HintImportance

  /// A hint of the footer: the keys, what they do in a word, and how much it matters.
  public init(keys: String, label: String, importance: HintImportance = .normal) {
    self.keys = keys
    self.label = label
    self.importance = importance
  }

  /// Columns the hint takes: keys, a space, the label.
  var width: Int { DisplayWidth.of(keys) + 1 + DisplayWidth.of(label) }
}

/// A titled group of key descriptions in a ``HelpOverlay``.
public struct HelpSection: Hashable, Sendable {
  public var title: String
  public var entries: [KeyHint]

  /// A section of the help: a title and its keys with what they do.
  public init(title: String, entries: [KeyHint]) {
    self.title = title
    self.entries = entries
  }
}

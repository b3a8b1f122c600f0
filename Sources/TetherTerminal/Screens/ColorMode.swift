/// When to use colours: `--color never|auto|always`.
public enum ColorMode: String, Sendable, CaseIterable {
  /// Attributes only (bold, reverse...), never colours.
  case never
  /// Colours when the terminal has them and `NO_COLOR` is unset or empty (no-color.org).
  case auto
  /// Colours whenever the terminal has them, even with `NO_COLOR`.
  case always

  /// Whether to use colours given the environment and what the terminal supports.
  public func usesColor(environment: [String: String], terminalHasColors: Bool) -> Bool {
    switch self {
    case .never: false
    case .always: terminalHasColors
    case .auto: terminalHasColors && (environment["NO_COLOR"] ?? "").isEmpty
    }
  }
}

import TetherCore
import TetherTerminal

/// The devtools' colours: what each kind of thing is drawn in — success, failure, a warning,
/// work running, something cancelled, a fault, the focused border — for one of the named
/// themes, picked for the colours the terminal shows (256, or the 16 standard ones).
///
/// Without colours (`NO_COLOR`, `--color never`, a terminal without them) the screen drops
/// every colour and keeps the attributes, so `NO_COLOR` always wins; `high-contrast` is bold
/// there too, and never dim.
///
/// ```swift
/// state.theme = DevtoolsTheme(.light, colors: screen.colorCount)
/// ```
public struct DevtoolsTheme: Sendable, Hashable {
  /// The themes there are, by the name the config file and the palette use.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    /// Colours for a dark background: the standard 8 colours.
    case standard = "default"
    /// Darker colours, readable on a light background.
    case light
    /// Bright colours, bold text, nothing dim.
    case highContrast = "high-contrast"
  }

  public var name: Name
  /// The colours the theme was picked for: 256 or more uses the 256-colour palette, fewer the
  /// 16 standard colours.
  public var colors: Int

  /// A run or a request that succeeded, a value added.
  public var success: Style
  /// A failure, an error, a value removed.
  public var failure: Style
  /// Stale, pending, retrying soon, a value changed, a search match.
  public var warning: Style
  /// Work running: a run, an attempt, a request in flight.
  public var running: Style
  /// Something cancelled, removed or waiting: there, but over.
  public var muted: Style
  /// A value set by hand, an invalidation, a retry; the timeline's work.
  public var accent: Style
  /// A fault injected, a pause.
  public var fault: Style
  /// The border of the focused devtools.
  public var focusedBorder: Style
  /// Borders and text that step back: hints, unfocused borders, columns of detail.
  public var secondary: Style

  /// Theme `name` for a terminal of `colors` colours (`NCursesScreen.colorCount`; 256 when
  /// unknown).
  public init(_ name: Name = .standard, colors: Int = 256) {
    self.name = name
    self.colors = colors
    let wide = colors >= 256
    func color(_ index256: UInt8, _ index16: Color) -> Color {
      wide ? .palette(index256) : index16
    }
    switch name {
    case .standard:
      success = Style(foreground: .green)
      failure = Style(foreground: .red, attributes: .bold)
      warning = Style(foreground: .yellow)
      running = Style(foreground: .blue)
      muted = Style(foreground: .brightBlack, attributes: .bold)
      accent = Style(foreground: .cyan)
      fault = Style(foreground: .magenta)
      focusedBorder = Style(foreground: .cyan, attributes: .bold)
      secondary = .dim
    case .light:
      success = Style(foreground: color(28, .green))
      failure = Style(foreground: color(160, .red), attributes: .bold)
      warning = Style(foreground: color(130, .magenta))
      running = Style(foreground: color(25, .blue))
      muted = Style(foreground: color(244, .brightBlack))
      accent = Style(foreground: color(30, .blue))
      fault = Style(foreground: color(127, .magenta), attributes: .underline)
      focusedBorder = Style(foreground: color(25, .blue), attributes: .bold)
      secondary = Style(foreground: color(240, .brightBlack))
    case .highContrast:
      success = Style(foreground: color(46, .brightGreen), attributes: .bold)
      failure = Style(foreground: color(196, .brightRed), attributes: [.bold, .underline])
      warning = Style(foreground: color(226, .brightYellow), attributes: .bold)
      running = Style(foreground: color(51, .brightCyan), attributes: .bold)
      muted = Style(foreground: color(252, .white))
      accent = Style(foreground: color(87, .brightCyan), attributes: .bold)
      fault = Style(foreground: color(201, .brightMagenta), attributes: .bold)
      focusedBorder = Style(foreground: color(231, .brightWhite), attributes: .bold)
      secondary = Style(foreground: color(252, .white))
    }
  }

  /// The same theme for a terminal of `colors` colours.
  ///
  /// - Parameter colors: how many colours the terminal shows.
  public func forColors(_ colors: Int) -> DevtoolsTheme {
    DevtoolsTheme(name, colors: colors)
  }
}

extension DevtoolsTheme {
  /// The label of a query in `status`, bold.
  ///
  /// - Parameter status: the query's label.
  public func style(for status: StoreStatus) -> Style {
    let base: Style
    switch status {
    case .fetching: base = running
    case .retrying: base = accent
    case .paused: base = fault
    case .stale: base = warning
    case .fresh: base = success
    case .inactive: base = muted
    case .error: base = failure
    }
    return base.adding(.bold)
  }

  /// The label of a mutation in `status`, bold.
  ///
  /// - Parameter status: the mutation's label.
  public func style(for status: MutationStatus) -> Style {
    let base: Style
    switch status {
    case .paused: base = fault
    case .pending: base = warning
    case .success: base = success
    case .error: base = failure
    case .idle: base = muted
    }
    return base.adding(.bold)
  }

  /// An attempt's status, bold.
  func style(for status: AttemptSnapshot.Status) -> Style {
    let base: Style
    switch status {
    case .running: base = warning
    case .succeeded: base = success
    case .failed: base = failure
    case .cancelled: base = muted
    }
    return base.adding(.bold)
  }

  /// `style` without its colour's weight where the theme steps back (dim), for counts of 0.
  func faint(_ style: Style) -> Style {
    name == .highContrast
      ? style.adding(.underline).removing(.bold) : style.adding(.dim).removing(.bold)
  }
}

extension Style {
  /// This style without `attributes`.
  func removing(_ attributes: Attributes) -> Style {
    var style = self
    style.attributes.subtract(attributes)
    return style
  }
}

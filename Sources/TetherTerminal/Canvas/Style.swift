/// How a cell looks: colours and attributes.
///
/// ```swift
/// let error = Style(foreground: .red, attributes: .bold)
/// let selected = Style.plain.adding(.reverse)
/// ```
public struct Style: Hashable, Sendable {
  /// Text attributes; combine them like any option set: `[.bold, .underline]`.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
  }

  public var foreground: Color
  public var background: Color
  public var attributes: Attributes

  /// A style of these colours and attributes; the terminal's own colours by default.
  public init(
    foreground: Color = .terminalDefault, background: Color = .terminalDefault,
    attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// Default colours, no attributes.
  public static let plain = Style()
  public static let bold = Style(attributes: .bold)
  public static let dim = Style(attributes: .dim)
  public static let reverse = Style(attributes: .reverse)
  public static let underline = Style(attributes: .underline)

  /// This style with `attributes` added.
  public func adding(_ attributes: Attributes) -> Style {
    var style = self
    style.attributes.formUnion(attributes)
    return style
  }

  /// This style with another foreground.
  public func foreground(_ color: Color) -> Style {
    var style = self
    style.foreground = color
    return style
  }

  /// This style with another background.
  public func background(_ color: Color) -> Style {
    var style = self
    style.background = color
    return style
  }
}

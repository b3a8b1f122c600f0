/// A colour of the 256-colour palette, or the terminal's own default colour.
///
/// Indexes 0–7 are the standard colours, 8–15 their bright variants, 16–255 the 6×6×6 cube and
/// the grey ramp. Terminals with fewer colours show bright colours as their standard ones and
/// higher indexes as the default colour.
public enum Color: Hashable, Sendable {
  /// The terminal's default foreground or background (`use_default_colors`).
  case terminalDefault
  case palette(UInt8)

  public static let black = Color.palette(0)
  public static let red = Color.palette(1)
  public static let green = Color.palette(2)
  public static let yellow = Color.palette(3)
  public static let blue = Color.palette(4)
  public static let magenta = Color.palette(5)
  public static let cyan = Color.palette(6)
  public static let white = Color.palette(7)
  public static let brightBlack = Color.palette(8)
  public static let brightRed = Color.palette(9)
  public static let brightGreen = Color.palette(10)
  public static let brightYellow = Color.palette(11)
  public static let brightBlue = Color.palette(12)
  public static let brightMagenta = Color.palette(13)
  public static let brightCyan = Color.palette(14)
  public static let brightWhite = Color.palette(15)
}

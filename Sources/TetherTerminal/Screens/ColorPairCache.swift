import CNCursesW

/// Curses colour pairs, one per foreground/background combination ever drawn, created on first
/// use and then reused (never a new pair per draw). When the terminal's pairs run out, further
/// combinations fall back to the default pair.
struct ColorPairCache {
  private struct Colors: Hashable {
    var foreground: Int32
    var background: Int32
  }

  private var pairs: [Colors: Int32] = [:]
  private var nextPair: Int32 = 1
  /// The colours the terminal shows.
  let colorCount: Int32
  private let pairLimit: Int32

  init(colorCount: Int32, pairLimit: Int32) {
    self.colorCount = colorCount
    self.pairLimit = pairLimit
  }

  /// Pairs created so far.
  var count: Int { pairs.count }

  /// The pair number for a style's colours (0 for the terminal defaults).
  mutating func pair(for style: Style) -> Int32 {
    let colors = Colors(
      foreground: number(for: style.foreground), background: number(for: style.background))
    if colors.foreground == -1 && colors.background == -1 { return 0 }
    if let pair = pairs[colors] { return pair }
    guard nextPair < pairLimit else { return 0 }
    let pair = nextPair
    guard init_extended_pair(pair, colors.foreground, colors.background) != ERR else { return 0 }
    nextPair += 1
    pairs[colors] = pair
    return pair
  }

  /// A palette index the terminal can show: bright colours become standard ones on 8-colour
  /// terminals, other missing indexes the default colour (-1).
  private func number(for color: Color) -> Int32 {
    guard case .palette(let index) = color else { return -1 }
    let value = Int32(index)
    if value < colorCount { return value }
    if value < 16 && value - 8 < colorCount { return value - 8 }
    return -1
  }
}

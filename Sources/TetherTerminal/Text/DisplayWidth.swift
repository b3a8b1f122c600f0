/// How many terminal columns text takes, measured per grapheme cluster.
///
/// A per-scalar `wcwidth` gets emoji sequences wrong; here a cluster is as wide as its first
/// scalar, except that an emoji made wide by U+FE0F, a flag (two regional indicators), a keycap
/// or a ZWJ sequence is 2 columns and U+FE0E makes an emoji narrow. Combining marks, ZWJ and
/// other format characters are 0 columns; East Asian wide and fullwidth characters and
/// emoji-presentation characters are 2.
public enum DisplayWidth {
  /// Columns of one grapheme cluster: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    let first = scalars.first!
    if first.value < 0x7F && scalars.count == 1 { return first.value >= 0x20 ? 1 : 0 }
    let base = of(first)
    guard scalars.count > 1 else { return base }
    if base == 0 { return 0 }
    var hasEmojiSelector = false
    for scalar in scalars.dropFirst() {
      switch scalar.value {
      case 0xFE0E: return 1
      case 0xFE0F, 0x20E3: hasEmojiSelector = true
      default: break
      }
    }
    if hasEmojiSelector && first.properties.isEmoji { return 2 }
    if isRegionalIndicator(first) { return 2 }
    return base
  }

  /// Columns of a whole string (after sanitising, as the canvas would show it).
  public static func of(_ text: String) -> Int {
    if TextSanitizer.isPrintableASCII(text) { return text.utf8.count }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// Columns of one scalar on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    // Fast paths for Latin text and box drawing, which have no marks, wide or format characters.
    if (0xA0..<0x300).contains(value) && value != 0xAD { return 1 }
    if (0x2500..<0x2600).contains(value) { return 1 }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
    return 1
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// East Asian Wide and Fullwidth ranges that are not emoji.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]

  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }
}

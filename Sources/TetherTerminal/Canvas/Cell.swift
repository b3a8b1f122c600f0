/// One terminal cell: a grapheme cluster, how many columns it takes, and its style.
///
/// A wide grapheme (CJK, most emoji) is stored in its first cell with `width == 2`; the cell to
/// its right is a continuation cell (`width == 0`, empty text) with the same style.
public struct Cell: Hashable, Sendable {
  public var text: String
  public var width: UInt8
  public var style: Style

  /// A cell showing `text` (one grapheme cluster) `width` columns wide, in `style`.
  public init(text: String, width: UInt8 = 1, style: Style = .plain) {
    self.text = text
    self.width = width
    self.style = style
  }

  /// A space in `style`.
  public static func blank(_ style: Style = .plain) -> Cell {
    Cell(text: " ", width: 1, style: style)
  }

  /// The right half of a wide grapheme.
  static func continuation(_ style: Style) -> Cell {
    Cell(text: "", width: 0, style: style)
  }

  /// Whether this is the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}

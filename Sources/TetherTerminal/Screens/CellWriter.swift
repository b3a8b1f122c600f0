import CNCursesW
import Glibc

/// Puts canvas cells into the curses window.
///
/// A cell's grapheme goes into one `cchar_t`: its first scalar plus the zero-width scalars that
/// follow (at most `CCHARW_MAX`), up to a ZWJ. When the C library measures the first scalar narrower than
/// the canvas did (a flag, or an emoji made wide by U+FE0F), the cell is padded with a space so
/// every later column stays where the canvas put it (and U+FE0F is left out, so the terminal
/// draws the emoji as text, in the column curses counts); a scalar the locale cannot show
/// becomes `?`.
struct CellWriter {
  var colors: ColorPairCache?

  mutating func draw(_ cell: Cell, at point: Point) {
    let pair = colors?.pair(for: cell.style) ?? 0
    let attributes = Self.attributes(of: cell.style)
    var padded = false
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { text in
      var count = 0
      let scalars = cell.text.unicodeScalars
      let first = scalars.first.map { wchar_t(bitPattern: $0.value) } ?? 0x20
      let measured = wcwidth(first)
      if measured < 1 || measured > Int32(cell.width) {
        text[0] = 0x3F
        count = 1
        padded = cell.width == 2
      } else {
        text[0] = first
        count = 1
        padded = measured < Int32(cell.width)
        for scalar in scalars.dropFirst() where count < 5 {
          // A terminal cannot be told to join a ZWJ sequence: show its first emoji only.
          if scalar.value == 0x200D { break }
          // Padded, the emoji shows as text, in the one column curses counts: with U+FE0F a
          // terminal draws it in two and the rest of the row moves one column right, leaving
          // stray characters behind when it changes.
          if padded, scalar.value == 0xFE0F { continue }
          let value = wchar_t(bitPattern: scalar.value)
          if wcwidth(value) == 0 {
            text[count] = value
            count += 1
          }
        }
      }
      text[count] = 0
      put(text.baseAddress!, attributes: attributes, pair: pair, at: point)
    }
    if padded {
      let space: [wchar_t] = [0x20, 0]
      put(space, attributes: attributes, pair: pair, at: Point(x: point.x + 1, y: point.y))
    }
  }

  private func put(
    _ text: UnsafePointer<wchar_t>, attributes: attr_t, pair: Int32, at point: Point
  ) {
    var character = cchar_t()
    tether_setcchar(&character, text, attributes, pair)
    mvwadd_wchnstr(tether_stdscr(), Int32(point.y), Int32(point.x), &character, 1)
  }

  private static func attributes(of style: Style) -> attr_t {
    var result = tether_attr_normal()
    let attributes = style.attributes
    if attributes.isEmpty { return result }
    if attributes.contains(.bold) { result |= tether_attr_bold() }
    if attributes.contains(.dim) { result |= tether_attr_dim() }
    if attributes.contains(.italic) { result |= tether_attr_italic() }
    if attributes.contains(.underline) { result |= tether_attr_underline() }
    if attributes.contains(.reverse) { result |= tether_attr_reverse() }
    return result
  }
}

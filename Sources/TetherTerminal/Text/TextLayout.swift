/// Fitting text into a width: truncation with "…" and word wrapping, both by display width.
public enum TextLayout {
  /// `text` (sanitised) cut to at most `width` columns, ending in "…" (after no space) when
  /// something was cut.
  ///
  /// The cut falls between words when a space is near it (within the last third of the
  /// width): `Injected…`, never `Injected fail`. Text with no space near the cut (a path, a
  /// URL, one long word) is cut where it must be, using the whole width.
  ///
  /// ```swift
  /// TextLayout.truncate("Hello, world", toWidth: 8)  // "Hello,…"
  /// TextLayout.truncate("Couldn't save the post", toWidth: 16)  // "Couldn't save…"
  /// ```
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    let safe = TextSanitizer.sanitize(text)
    guard width > 0 else { return "" }
    if DisplayWidth.of(safe) <= width { return safe }
    var result = ""
    var used = 0
    // Where the last word before the cut ends: its length in characters and columns.
    var lastWordEnd: (count: Int, columns: Int)?
    var endsAtWord = false
    for character in safe {
      let columns = DisplayWidth.of(character)
      if used + columns > width - 1 {
        endsAtWord = character == " "
        break
      }
      if character == " ", result.last != " " { lastWordEnd = (result.count, used) }
      result.append(character)
      used += columns
    }
    if !endsAtWord, result.last != " ", let lastWordEnd,
      lastWordEnd.columns * 3 >= (width - 1) * 2
    {
      result = String(result.prefix(lastWordEnd.count))
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }

  /// `text` broken into lines of at most `width` columns.
  ///
  /// Line breaks in the text start new lines (an empty line stays empty); lines break between
  /// words where possible, and a word longer than the width is broken between graphemes. A
  /// line's indentation is kept, on its continuation lines too (up to half the width). Each
  /// line is sanitised and has no trailing spaces.
  public static func wrap(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      wrapParagraph(TextSanitizer.sanitize(String(paragraph)), width: width, into: &lines)
    }
    return lines
  }

  private static func wrapParagraph(_ paragraph: String, width: Int, into lines: inout [String]) {
    // A paragraph's indentation (JSON, a list) is kept, on its continuation lines too, up to
    // half the width.
    let indent = min(paragraph.prefix { $0 == " " }.count, width / 2)
    let pad = String(repeating: " ", count: indent)
    var line = pad
    var lineWidth = indent
    var isBlank = true
    func flush() {
      while line.last == " " { line.removeLast() }
      lines.append(line)
      line = pad
      lineWidth = indent
      isBlank = true
    }
    let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
    if words.isEmpty {
      lines.append("")
      return
    }
    for word in words {
      let wordWidth = DisplayWidth.of(String(word))
      if !isBlank && lineWidth + 1 + wordWidth > width { flush() }
      if !isBlank {
        line += " "
        lineWidth += 1
      }
      isBlank = false
      if wordWidth <= width - lineWidth {
        line += word
        lineWidth += wordWidth
        continue
      }
      for character in word {
        let columns = DisplayWidth.of(character)
        if lineWidth + columns > width, lineWidth > indent { flush() }
        line.append(character)
        lineWidth += columns
        isBlank = false
      }
    }
    flush()
  }
}

/// Fitting text into a width: truncation with "…" and word wrapping, both by display width.
public enum TextLayout {
  /// `text` (sanitised) cut to at most `width` columns, ending in "…" (after no space) when
  /// something was cut.
  ///
  /// ```swift
  /// TextLayout.truncate("Hello, world", toWidth: 8)  // "Hello,…"
  /// ```
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    let safe = TextSanitizer.sanitize(text)
    guard width > 0 else { return "" }
    if DisplayWidth.of(safe) <= width { return safe }
    var result = ""
    var used = 0
    for character in safe {
      let columns = DisplayWidth.of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }

  /// `text` broken into lines of at most `width` columns.
  ///
  /// Line breaks in the text start new lines (an empty line stays empty); lines break between
  /// words where possible, and a word longer than the width is broken between graphemes. Each
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
    var line = ""
    var lineWidth = 0
    func flush() {
      while line.last == " " { line.removeLast() }
      lines.append(line)
      line = ""
      lineWidth = 0
    }
    let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
    if words.isEmpty {
      lines.append("")
      return
    }
    for word in words {
      let wordWidth = DisplayWidth.of(String(word))
      if lineWidth > 0 && lineWidth + 1 + wordWidth > width { flush() }
      if lineWidth > 0 {
        line += " "
        lineWidth += 1
      }
      if wordWidth <= width - lineWidth {
        line += word
        lineWidth += wordWidth
        continue
      }
      for character in word {
        let columns = DisplayWidth.of(character)
        if lineWidth + columns > width { flush() }
        line.append(character)
        lineWidth += columns
      }
    }
    flush()
  }
}

/// Paragraphs of help text, reflowed to a width.
enum TextWrap {
  /// A run of lines: prose to reflow, or lines that start with two spaces, kept as they are.
  enum Block: Equatable {
    case prose(String)
    case verbatim([String])
  }

  /// `text` as blocks: paragraphs are separated by blank lines; within one, lines starting
  /// with two spaces are verbatim and the others prose.
  static func blocks(_ text: String) -> [Block] {
    var blocks: [Block] = []
    var prose: [Substring] = []
    var verbatim: [String] = []
    func flush() {
      if !prose.isEmpty { blocks.append(.prose(prose.joined(separator: " "))) }
      if !verbatim.isEmpty { blocks.append(.verbatim(verbatim)) }
      prose = []
      verbatim = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        flush()
      } else if line.hasPrefix("  ") {
        if !prose.isEmpty { flush() }
        verbatim.append(String(line))
      } else {
        if !verbatim.isEmpty { flush() }
        prose.append(line)
      }
    }
    flush()
    return blocks
  }

  /// `text`'s words in lines of at most `width` characters (a longer word gets a line of its
  /// own).
  static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

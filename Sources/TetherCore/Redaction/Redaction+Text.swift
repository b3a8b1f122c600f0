extension Redaction {
  /// `text` with every URL in it (`scheme://…`, up to a space, a quote or an angle bracket)
  /// redacted by ``url(_:)-(String)``: for error messages and log lines that quote a URL.
  public func text(_ text: String) -> String {
    guard text.contains("://") else { return text }
    var result = ""
    var rest = text[...]
    while let separator = rest.range(of: "://") {
      // The scheme: the letters, digits, `+`, `-` and `.` before `://`.
      var start = separator.lowerBound
      while start > rest.startIndex {
        let previous = rest.index(before: start)
        let character = rest[previous]
        guard
          character.isASCII
            && (character.isLetter || character.isNumber || "+-.".contains(character))
        else { break }
        start = previous
      }
      let end =
        rest[separator.upperBound...].firstIndex { Self.endsURL($0) } ?? rest.endIndex
      result += rest[..<start]
      result += url(String(rest[start..<end]))
      rest = rest[end...]
    }
    return result + rest
  }

  private static func endsURL(_ character: Character) -> Bool {
    character.isWhitespace || "\"'<>`".contains(character)
  }
}

extension Redaction {
  /// A body's text with the string values of secret JSON members masked, and the URLs in it
  /// redacted: `{"accessToken": "abc"}` shows as `{"accessToken": "<redacted>"}`.
  public func body(_ text: String) -> String {
    guard text.contains("\"") else { return self.text(text) }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scanner = text.unicodeScalars[...]
    while let quote = scanner.firstIndex(of: "\"") {
      result.unicodeScalars += scanner[..<quote]
      var rest = scanner[scanner.index(after: quote)...]
      guard let end = Self.closingQuote(in: rest) else {
        result.unicodeScalars += scanner[quote...]
        return self.text(result)
      }
      let name = String(String.UnicodeScalarView(rest[..<end]))
      result += "\"" + name + "\""
      rest = rest[rest.index(after: end)...]
      // A member name is followed by a colon; its secret string value gets masked.
      let afterSpaces = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
      if isSecret(name), afterSpaces.first == ":" {
        let valueStart = afterSpaces.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        if valueStart.first == "\"", let valueEnd = Self.closingQuote(in: valueStart.dropFirst()) {
          result.unicodeScalars += rest[..<valueStart.startIndex]
          result += "\"" + Self.mask + "\""
          scanner = valueStart[valueStart.index(after: valueEnd)...]
          continue
        }
      }
      scanner = rest
    }
    result.unicodeScalars += scanner
    return self.text(result)
  }

  /// The index of the quote that ends a JSON string starting at `text` (after its opening
  /// quote), skipping escaped quotes.
  private static func closingQuote(
    in text: Substring.UnicodeScalarView
  ) -> Substring.UnicodeScalarView.Index? {
    var index = text.startIndex
    var escaped = false
    while index < text.endIndex {
      let scalar = text[index]
      if escaped {
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "\"" {
        return index
      }
      index = text.index(after: index)
    }
    return nil
  }
}

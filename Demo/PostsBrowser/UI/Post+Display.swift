/// How much of a post's text the screen lays out: a server may send a 10 MB title or a body of
/// a million words, and laying all of it out every frame would freeze the screen. What is cut
/// ends in "…"; the devtools' store detail shows the original.
extension Post {
  /// Characters of a title shown (a feed row or the post panel shows far fewer anyway).
  static let shownTitleLength = 500
  /// Characters of a body laid out in the post panel: dozens of screens.
  static let shownBodyLength = 20_000
  /// Tags shown.
  static let shownTagCount = 50

  /// `text` cut to `limit` characters, with "…" when cut.
  static func shown(_ text: String, limit: Int) -> String {
    var end = text.startIndex
    guard text.formIndex(&end, offsetBy: limit, limitedBy: text.endIndex) else { return text }
    return end == text.endIndex ? text : String(text[..<end]) + "…"
  }

  var shownTitle: String { Self.shown(title, limit: Self.shownTitleLength) }

  var shownBody: String {
    let body = Self.shown(self.body, limit: Self.shownBodyLength)
    guard body.utf8.count != self.body.utf8.count else { return body }
    return body + "\n\n(The body is longer than \(Self.shownBodyLength) characters: cut here.)"
  }

  var shownTags: [String] {
    let tags = tags.prefix(Self.shownTagCount).map { Self.shown($0, limit: 40) }
    return tags.count < self.tags.count ? tags + ["… \(self.tags.count - tags.count) more"] : tags
  }
}

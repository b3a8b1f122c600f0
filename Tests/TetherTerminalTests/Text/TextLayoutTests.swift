import Testing

@testable import TetherTerminal

@Suite struct TextLayoutTests {
  @Test func truncationEndsInAnEllipsisByDisplayWidth() {
    #expect(TextLayout.truncate("Hello, world", toWidth: 8) == "Hello,…")
    #expect(TextLayout.truncate("Hello", toWidth: 5) == "Hello")
    #expect(TextLayout.truncate("世界世界", toWidth: 6) == "世界…")
    #expect(TextLayout.truncate("世界世界", toWidth: 4) == "世…")
    #expect(TextLayout.truncate("abc", toWidth: 0) == "")
  }

  /// Issue 33, item 15: `Injected fail               failed` — text is cut at a word with an
  /// ellipsis, not mid-word; a single long word (a path, a URL) is still cut where it must be.
  @Test func truncationCutsAtAWordWhenOneIsNear() {
    let reason = "The server answered 500 Internal Server Error: Injected failure (fault injection)"
    #expect(
      TextLayout.truncate(reason, toWidth: 61)
        == "The server answered 500 Internal Server Error: Injected…")
    #expect(
      TextLayout.truncate("Couldn't save post #25: conflict", toWidth: 20) == "Couldn't save post…")
    // No space near the cut: mid-word, using the width.
    #expect(
      TextLayout.truncate("GET /posts/250/comments?limit=5", toWidth: 16) == "GET /posts/250/…")
    #expect(TextLayout.truncate("a verylongidentifier", toWidth: 12) == "a verylongi…")
  }

  @Test func truncationSanitises() {
    #expect(TextLayout.truncate("a\u{1B}[2Jb", toWidth: 10) == "ab")
  }

  @Test func wrapsBetweenWords() {
    #expect(
      TextLayout.wrap("the quick brown fox jumps", toWidth: 10) == [
        "the quick", "brown fox", "jumps",
      ])
  }

  @Test func breaksWordsLongerThanTheWidth() {
    #expect(TextLayout.wrap("abcdefghij xy", toWidth: 4) == ["abcd", "efgh", "ij", "xy"])
  }

  @Test func wrapsWideCharactersByColumns() {
    #expect(TextLayout.wrap("世界世界世", toWidth: 5) == ["世界", "世界", "世"])
  }

  @Test func keepsLineBreaksAndEmptyLines() {
    #expect(TextLayout.wrap("one\n\ntwo", toWidth: 10) == ["one", "", "two"])
  }

  /// Indented text (JSON in a dialog) keeps its indentation, on continuation lines too.
  @Test func keepsEachLinesIndentation() {
    let json = "{\n  \"title\": \"Retry me\",\n  \"tags\": [\n    \"a\"\n  ]\n}"
    #expect(
      TextLayout.wrap(json, toWidth: 40) == [
        "{", "  \"title\": \"Retry me\",", "  \"tags\": [", "    \"a\"", "  ]", "}",
      ])
    #expect(TextLayout.wrap("  one two three", toWidth: 9) == ["  one two", "  three"])
  }
}

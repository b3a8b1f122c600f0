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

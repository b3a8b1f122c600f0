import Testing

@testable import TetherTerminal

@Suite struct TextSanitizerTests {
  @Test(arguments: [
    ("clear\u{1B}[2Jscreen", "clearscreen"),
    ("\u{1B}[31mred\u{1B}[0m", "red"),
    ("\u{1B}[38;2;255;0;0mtrue colour\u{1B}[m", "true colour"),
    ("copy\u{1B}]52;c;aGVsbG8=\u{07}paste", "copypaste"),
    ("title\u{1B}]0;evil title\u{1B}\\ok", "titleok"),
    ("title\u{1B}]0;evil title\u{9C}ok", "titleok"),
    ("dcs\u{1B}P1$r0m\u{1B}\\end", "dcsend"),
    ("apc\u{1B}_payload\u{1B}\\end", "apcend"),
    ("csi8\u{9B}2Jbit", "csi8bit"),
    ("osc8\u{9D}0;title\u{07}bit", "osc8bit"),
    ("keypad\u{1B}=mode", "keypadmode"),
    ("charset\u{1B}(Bset", "charsetset"),
    ("unterminated\u{1B}]0;the rest is swallowed", "unterminated"),
    // A byte that cannot continue a sequence ends it and is text again.
    ("csi\u{1B}[31\u{07}x", "csi\u{FFFD}x"),
    ("intermediate\u{1B}(é", "intermediateé"),
    ("escape\u{1B}é", "escapeé"),
  ])
  func removesWholeEscapeSequences(input: String, expected: String) {
    #expect(TextSanitizer.sanitize(input) == expected)
  }

  @Test func lineBreaksBecomeOneSpace() {
    #expect(TextSanitizer.sanitize("a\r\nb\nc\rd") == "a b c d")
    #expect(TextSanitizer.sanitize("a\u{2028}b\u{85}c") == "a b c")
  }

  @Test func backspaceAndOtherControlsBecomeVisiblePlaceholders() {
    #expect(TextSanitizer.sanitize("Title\u{08}\u{08}X") == "Title\u{FFFD}\u{FFFD}X")
    #expect(TextSanitizer.sanitize("bell\u{07}del\u{7F}nul\u{00}") == "bell�del�nul�")
    #expect(TextSanitizer.sanitize("c1\u{85}\u{8D}x") == "c1 �x")
  }

  @Test func bidiOverridesAreDropped() {
    #expect(TextSanitizer.sanitize("abc\u{202E}fed\u{202C}") == "abcfed")
    #expect(TextSanitizer.sanitize("\u{2067}isolate\u{2069}\u{200F}") == "isolate")
  }

  @Test func tabsExpandToTheNextMultipleOfEight() {
    #expect(TextSanitizer.sanitize("a\tb") == "a       b")
    #expect(TextSanitizer.sanitize("12345678\tx") == "12345678        x")
    #expect(TextSanitizer.sanitize("世界\tx") == "世界    x")
  }

  @Test func safeTextIsUnchanged() {
    let text = "Hello, 世界 👨‍👩‍👧 e\u{301} 🇯🇵"
    #expect(TextSanitizer.sanitize(text) == text)
  }

  @Test func sanitisedTextNeverContainsEscapeOrControls() {
    let hostile = "\u{1B}[2J\u{1B}]52;c;x\u{07}\u{9B}31m\u{1B}P\u{1B}\\\u{0}\u{7F}\u{202E}ok"
    let safe = TextSanitizer.sanitize(hostile)
    #expect(
      !safe.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
      })
    #expect(safe.hasSuffix("ok"))
  }
}

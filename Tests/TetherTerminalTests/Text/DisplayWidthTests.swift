import Testing

@testable import TetherTerminal

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1),
    ("世", 2),
    ("ｱ", 1),
    ("Ａ", 2),
    ("한", 2),
    ("😀", 2),
    ("👨‍👩‍👧", 2),
    ("👍🏽", 2),
    ("🇯🇵", 2),
    ("1️⃣", 2),
    ("❤️", 2),
    ("❤", 1),
    ("☺︎", 1),
    ("e\u{301}", 1),
    ("\u{301}", 0),
    ("\u{200D}", 0),
    ("\u{200B}", 0),
  ])
  func widthOfOneGrapheme(text: String, width: Int) {
    #expect(text.count == 1)
    #expect(DisplayWidth.of(Character(text)) == width)
  }

  @Test func widthOfStrings() {
    #expect(DisplayWidth.of("Hello") == 5)
    #expect(DisplayWidth.of("世界!") == 5)
    #expect(DisplayWidth.of("👨‍👩‍👧🇯🇵") == 4)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
  }
}

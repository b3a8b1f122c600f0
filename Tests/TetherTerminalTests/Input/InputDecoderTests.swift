import CNCursesW
import Testing

@testable import TetherTerminal

@Suite struct InputDecoderTests {
  private func decode(_ text: String) -> [Event] {
    var decoder = InputDecoder()
    return decoder.decode(text.unicodeScalars.map { .character($0) })
  }

  @Test func printableAndWideCharacters() {
    #expect(decode("a世") == [.key("a"), .key("世")])
  }

  @Test func scalarsOfOneGraphemeBecomeOneKey() {
    #expect(decode("👨‍👩‍👧e\u{301}") == [.key("👨‍👩‍👧"), .key("e\u{301}")])
  }

  @Test func controlCharacters() {
    #expect(
      decode("\r\n\t\u{7F}\u{08}") == [
        .key(.enter), .key(.enter), .key(.tab), .key(.backspace), .key(.backspace),
      ])
    #expect(
      decode("\u{03}\u{17}\u{15}\u{1A}") == [
        .key(.ctrl("c")), .key(.ctrl("w")), .key(.ctrl("u")), .key(.ctrl("z")),
      ])
    #expect(decode("\u{00}\u{1F}") == [.key(.ctrl(" ")), .key(.ctrl("_"))])
  }

  @Test func escapeAloneIsEscapeAndFollowedAtOnceIsAlt() {
    #expect(decode("\u{1B}") == [.key(.escape)])
    #expect(decode("\u{1B}b") == [.key(.alt("b"))])
    #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
  }

  @Test func functionKeysFromCurses() {
    var decoder = InputDecoder()
    let events = decoder.decode([
      .keyCode(KEY_UP), .keyCode(KEY_NPAGE), .keyCode(KEY_PPAGE), .keyCode(KEY_HOME),
      .keyCode(KEY_END), .keyCode(KEY_DC), .keyCode(KEY_BTAB), .keyCode(KEY_BACKSPACE),
      .keyCode(tether_key_f(5)), .keyCode(KEY_SRIGHT),
    ])
    #expect(
      events == [
        .key(.up), .key(.pageDown), .key(.pageUp), .key(.home), .key(.end), .key(.delete),
        .key(.shiftTab), .key(.backspace), .key(Key(.function(5))),
        .key(Key(.right, modifiers: .shift)),
      ])
  }

  @Test func modifiedKeysByTerminfoName() {
    var decoder = InputDecoder()
    let events = decoder.decode([
      .namedKey("kUP5"), .namedKey("kRIT3"), .namedKey("kDC2"), .namedKey("kxIN"),
    ])
    #expect(
      events == [
        .key(Key(.up, modifiers: .control)), .key(Key(.right, modifiers: .alt)),
        .key(Key(.delete, modifiers: .shift)),
      ])
  }

  @Test func bracketedPasteIsOneEventEvenAcrossReads() {
    var decoder = InputDecoder()
    let first = decoder.decode(
      [.keyCode(InputDecoder.pasteBegin)] + "line 1\rq".unicodeScalars.map { .character($0) })
    #expect(first.isEmpty)
    let second = decoder.decode(
      "\u{1B}[2J".unicodeScalars.map { .character($0) } + [
        .keyCode(InputDecoder.pasteEnd), .character("x"),
      ])
    #expect(second == [.paste("line 1\nq\u{1B}[2J"), .key("x")])
  }

  @Test func focusReports() {
    var decoder = InputDecoder()
    let events = decoder.decode([.keyCode(InputDecoder.focusOut), .keyCode(InputDecoder.focusIn)])
    #expect(events == [.focus(false), .focus(true)])
  }
}

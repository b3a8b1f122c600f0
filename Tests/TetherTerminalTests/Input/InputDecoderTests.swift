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

  /// `ESC [ <` (the screen's own code) followed by the rest of an SGR report as characters.
  private func report(_ rest: String) -> [RawInput] {
    [.keyCode(InputDecoder.mouseReport)] + rest.unicodeScalars.map { .character($0) }
  }

  @Test func sgrMouseReportsBecomeMouseEvents() {
    var decoder = InputDecoder()
    let events = decoder.decode(
      report("0;10;5M") + report("0;10;5m") + report("2;1;1M") + report("64;3;4M")
        + report("65;3;4M") + report("20;250;60M") + [.character("j")])
    #expect(
      events == [
        .mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4))),
        .mouse(MouseEvent(.release(.left), at: Point(x: 9, y: 4))),
        .mouse(MouseEvent(.press(.right), at: Point(x: 0, y: 0))),
        .mouse(MouseEvent(.scrollUp, at: Point(x: 2, y: 3))),
        .mouse(MouseEvent(.scrollDown, at: Point(x: 2, y: 3))),
        // Beyond column 223, where the old X10 format ends; Shift + Ctrl.
        .mouse(MouseEvent(.press(.left), at: Point(x: 249, y: 59), modifiers: [.shift, .control])),
        .key("j"),
      ])
  }

  @Test func aMouseReportSplitAcrossReadsStillArrivesWhole() {
    var decoder = InputDecoder()
    #expect(decoder.decode(report("1;4")).isEmpty)
    #expect(
      decoder.decode(";2M".unicodeScalars.map { .character($0) }) == [
        .mouse(MouseEvent(.press(.middle), at: Point(x: 3, y: 1)))
      ])
  }

  @Test func malformedOrUnwantedReportsAreDropped() {
    var decoder = InputDecoder()
    // Motion (32), a broken report cut by a key, an absurdly long one.
    let events = decoder.decode(
      report("32;1;1M") + report("0;1") + [.keyCode(KEY_UP)]
        + report(String(repeating: "1", count: 40))
        + [.character("x")])
    #expect(events == [.key(.up), .key("x")])
    #expect(InputDecoder.mouseEvent(sgr: "0;0;1", final: "M") == nil)
  }

  @Test func mouseEventsDecodedByNCursesPassThrough() {
    var decoder = InputDecoder()
    let click = MouseEvent(.press(.left), at: Point(x: 1, y: 2))
    #expect(decoder.decode([.character("a"), .mouse(click)]) == [.key("a"), .mouse(click)])
  }
}

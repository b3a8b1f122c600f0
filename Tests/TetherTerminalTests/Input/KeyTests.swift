import Testing

@testable import TetherTerminal

@Suite struct KeyTests {
  @Test func describesKeysAsHintsShowThem() {
    #expect(Key("q").description == "q")
    #expect(Key.ctrl("c").description == "Ctrl-C")
    #expect(Key.alt("b").description == "Alt-b")
    #expect(Key.shiftTab.description == "Shift-Tab")
    #expect(Key.up.description == "↑")
    #expect(Key.pageDown.description == "PgDn")
    #expect(Key(.function(5)).description == "F5")
    #expect(Key.space.description == "Space")
    #expect(Key(.down, modifiers: .control).description == "Ctrl-↓")
  }

  @Test func characterIsNilForModifiedKeys() {
    #expect(Key("x").character == "x")
    #expect(Key.ctrl("x").character == nil)
    #expect(Key.enter.character == nil)
  }
}

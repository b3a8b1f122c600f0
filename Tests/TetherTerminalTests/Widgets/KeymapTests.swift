import Testing

@testable import TetherTerminal

@Suite struct KeymapTests {
  enum Action: Hashable, Sendable { case up, down, refresh, help, quit }

  let keymap = Keymap<Action>(
    title: "Feed",
    [
      .init([.up, "k"], .up, "Move up", hint: "up"),
      .init([.down, "j"], .down, "Move down"),
      .init(["r"], .refresh, "Refetch the feed", hint: "refresh"),
      .init(["?"], .help, "Show help", hint: "help"),
      .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit"),
    ])

  @Test func looksUpActionsByAnyOfTheirKeys() {
    #expect(keymap.action(for: "k") == .up)
    #expect(keymap.action(for: .up) == .up)
    #expect(keymap.action(for: .ctrl("c")) == .quit)
    #expect(keymap.action(for: "x") == nil)
  }

  @Test func footerHintsComeFromTheSameBindings() {
    #expect(
      keymap.hints.map(\.keys) == ["↑/k", "r", "?", "q/Ctrl-C"])
    let screen = screen(40, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["↑/k up  r refresh  ? help  q/Ctrl-C quit"])
    #expect(screen.style(at: Point(x: 0, y: 0)) == .bold)
    #expect(screen.style(at: Point(x: 4, y: 0)) == .dim)
  }

  @Test func hintsThatDoNotFitAreLeftOutWhole() {
    let screen = screen(20, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["↑/k up  r refresh"])
  }

  @Test func helpOverlayListsEveryBinding() {
    let screen = screen(50, 12) { frame in
      HelpOverlay([keymap.help], title: "Help").render(in: frame.bounds, into: &frame)
    }
    #expect(screen.find("┌ Help") != nil)
    #expect(screen.find("Feed") != nil)
    for line in [
      "↑/k       Move up", "↓/j       Move down", "r         Refetch the feed", "q/Ctrl-C  Quit",
    ] {
      #expect(screen.find(line) != nil, "missing \(line)\n\(screen.text)")
    }
  }
}

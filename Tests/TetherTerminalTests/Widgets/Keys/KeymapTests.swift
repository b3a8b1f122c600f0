import Testing

@testable import TetherTerminal

@Suite struct KeymapTests {
  enum Action: Hashable, Sendable { case up, down, refresh, help, quit }

  let keymap = Keymap<Action>(
    title: "Feed",
    [
      .init([.up, "k"], .up, "Move up", hint: "up"),
      .init([.down, "j"], .down, "Move down"),
      .init(["r"], .refresh, "Refetch the feed", hint: "refresh", importance: .high),
      .init(["?"], .help, "Show help", hint: "help", importance: .high),
      .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
    ])

  @Test func looksUpActionsByAnyOfTheirKeys() {
    #expect(keymap.action(for: "k") == .up)
    #expect(keymap.action(for: .up) == .up)
    #expect(keymap.action(for: .ctrl("c")) == .quit)
    #expect(keymap.action(for: Event.key("r")) == .refresh)
    #expect(keymap.action(for: Event.paste("r")) == nil)
    #expect(keymap.action(for: "x") == nil)
    #expect(keymap.keyLabel(for: .quit) == "q/Ctrl-C")
  }

  @Test func footerHintsComeFromTheSameBindingsMostImportantFirst() {
    #expect(keymap.hints.map(\.keys) == ["↑/k", "r", "?", "q/Ctrl-C"])
    let screen = screen(60, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == ["q/Ctrl-C quit  r refresh  ? help  ↑/k up"])
    #expect(screen.style(at: Point(x: 0, y: 0)) == .bold)
    #expect(screen.style(at: Point(x: 9, y: 0)) == .dim)
  }

  @Test func hintsThatDoNotFitLeaveWholeAndTheBarEndsWithMore() {
    let screen = screen(30, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    // `? help` gives way to `? more`; quit, being essential, stays; `r refresh` does not fit
    // beside them, the shorter and less important `↑/k up` does.
    #expect(screen.lines == ["q/Ctrl-C quit  ↑/k up  ? more"])
    let narrow = TetherTerminalTests.screen(21, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(narrow.lines == ["q/Ctrl-C quit  ? more"])
    // Narrower still, quit stays even without room for `? more`.
    let narrowest = TetherTerminalTests.screen(16, 1) { frame in
      KeyHintBar(keymap.hints).render(in: frame.bounds, into: &frame)
    }
    #expect(narrowest.lines == ["q/Ctrl-C quit"])
  }

  @Test func aKeyNamedByTwoKeymapsIsHintedOnceWithTheFirstMeaning() {
    // A panel's keymap, then the app's: both bind `s`; the panel's meaning is what `s` does.
    let panel = [KeyHint(keys: "s", label: "stores"), KeyHint(keys: "X", label: "clear")]
    let app = [
      KeyHint(keys: "q", label: "quit", importance: .essential),
      KeyHint(keys: "s", label: "store panel"),
    ]
    let shown = KeyHintBar(panel + app).visibleHints(width: 200)
    #expect(shown.map(\.keys) == ["q", "s", "X"])
    #expect(shown.map(\.label) == ["quit", "stores", "clear"])
  }

  @Test func barsKeepQuitAtEveryWidthThatFitsIt() {
    let actions = (0..<20).map { KeyHint(keys: "\($0)", label: "action \($0)") }
    let many = actions + [KeyHint(keys: "q", label: "quit", importance: .essential)]
    for width in 14...120 {
      let bar = KeyHintBar(many)
      let shown = bar.visibleHints(width: width)
      #expect(shown.first?.keys == "q")
      #expect(shown.last?.label == "more")
      let widths = shown.map { DisplayWidth.of($0.keys) + 1 + DisplayWidth.of($0.label) }
      let total = widths.reduce(0, +) + 2 * (shown.count - 1)
      #expect(total <= width, "width \(width): \(shown.map(\.label))")
    }
  }

  @Test func rebindingMovesTheKeyAndTheHelpFollows() {
    var keymap = keymap
    keymap.rebind(.refresh, to: ["R", "k"])
    #expect(keymap.action(for: "R") == .refresh)
    #expect(keymap.action(for: "r") == nil)
    // `k` now means refresh only; up keeps ↑.
    #expect(keymap.action(for: "k") == .refresh)
    #expect(keymap.action(for: .up) == .up)
    #expect(keymap.help.entries.map(\.keys) == ["↑", "↓/j", "R/k", "?", "q/Ctrl-C"])
    #expect(keymap.hints.first { $0.label == "refresh" }?.keys == "R/k")
    // Unbinding drops the binding from hints and help.
    let unbound = keymap.rebinding(.help, to: [])
    #expect(unbound.action(for: "?") == nil)
    #expect(!unbound.hints.contains { $0.label == "help" })
    #expect(!unbound.help.entries.contains { $0.label == "Show help" })
  }

  @Test func navigationKeymapsDriveTheStatesAndCanBeRebound() {
    var list = ListState()
    _ = screen(10, 5) { frame in
      ListView(count: 20) { ListItem("\($0)") }.render(in: frame.bounds, into: &frame, state: &list)
    }
    let keys = Keymap<NavigationAction>.list.rebinding(.down, to: ["n"])
    #expect(list.handle("n", count: 20, keymap: keys) == true)
    #expect(list.selection == 1)
    #expect(list.handle("j", count: 20, keymap: keys) == false)
    #expect(list.handle("j", count: 20) == true)
    #expect(list.selection == 2)
    #expect(Keymap<NavigationAction>.tree.help.entries.contains { $0.keys == "→/l" })
  }
}

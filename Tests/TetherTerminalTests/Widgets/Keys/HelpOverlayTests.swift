import Testing

@testable import TetherTerminal

@Suite struct HelpOverlayTests {
  enum Action: Hashable, Sendable { case up, down, refresh, quit }

  let keymap = Keymap<Action>(
    title: "Feed",
    [
      .init([.up, "k"], .up, "Move up"),
      .init([.down, "j"], .down, "Move down"),
      .init(["r"], .refresh, "Refetch the feed"),
      .init(["q", .ctrl("c")], .quit, "Quit"),
    ])

  /// Sections with `count` entries each, to overflow small screens.
  func manySections(_ count: Int) -> [HelpSection] {
    (1...3).map { section in
      HelpSection(
        title: "Section \(section)",
        entries: (1...count).map {
          KeyHint(keys: "\(section)\($0)", label: "Action \(section).\($0)")
        })
    }
  }

  @Test func listsEveryBindingOfTheKeymaps() {
    var state = HelpState()
    let screen = screen(50, 12) { frame in
      HelpOverlay([keymap.help], title: "Help").render(
        in: frame.bounds, into: &frame, state: &state)
    }
    #expect(screen.find("┌ Help") != nil)
    #expect(screen.find("Feed") != nil)
    for line in [
      "↑/k       Move up", "↓/j       Move down", "r         Refetch the feed", "q/Ctrl-C  Quit",
    ] {
      #expect(screen.find(line) != nil, "missing \(line)\n\(screen.text)")
    }
    #expect(screen.find("Esc/q/? close") != nil)
    #expect(!state.scroll.isScrollable)
  }

  @Test func scrollsWhenTallerThanTheScreenSoEveryEntryCanBeReached() throws {
    let overlay = HelpOverlay(manySections(15))
    var state = HelpState()
    var seen = Set<String>()
    for page in 0..<10 {
      let shown = screen(80, 24) { frame in
        overlay.render(in: frame.bounds, into: &frame, state: &state)
      }
      if page == 0 {
        #expect(state.scroll.isScrollable)
        #expect(shown.find("1–19 of 50") != nil, "\(shown.text)")
        #expect(shown.find("┃") != nil)  // the scrollbar's thumb
        // Issue 33, item 15: said on the dialog's bottom border, as the post panel says it.
        let mark = try #require(shown.find("↓ 31 more below"), "\(shown.text)")
        #expect(shown.lines[mark.y].contains("┘"), "on the border: \(shown.text)")
      }
      if state.scroll.isAtEnd {
        #expect(shown.find("more below") == nil, "nothing below the end: \(shown.text)")
      }
      for section in 1...3 {
        for entry in 1...15
        where shown.find("Action \(section).\(entry) ") != nil
          || shown.find("Action \(section).\(entry)│") != nil
        {
          seen.insert("\(section).\(entry)")
        }
      }
      if state.scroll.isAtEnd { break }
      #expect(state.handle(.key(.pageDown)) == .handled)
    }
    #expect(seen.count == 45)
    #expect(state.handle(.key("k")) == .handled)
    #expect(state.handle(.key("g")) == .handled)
    #expect(state.scroll.offset == 0)
  }

  @Test func longDescriptionsWrapInsteadOfBeingCut() {
    let section = HelpSection(
      title: "Keys",
      entries: [KeyHint(keys: "x", label: String(repeating: "word ", count: 30) + "end")])
    var state = HelpState()
    let shown = screen(60, 20) { frame in
      HelpOverlay([section]).render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.find("end") != nil, "\(shown.text)")
  }

  @Test func slashFiltersByKeyOrDescriptionAndEscClearsThenCloses() {
    let overlay = HelpOverlay([keymap.help] + manySections(15))
    var state = HelpState()
    #expect(state.handle(.key("/")) == .handled)
    for character in "refetch" {
      #expect(state.handle(.key(Key(.character(character)))) == .handled)
    }
    let filtered = screen(80, 24) { frame in
      overlay.render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(filtered.find("Refetch the feed") != nil)
    #expect(filtered.find("Move up") == nil)
    #expect(filtered.find("Action 1.1") == nil)
    #expect(filtered.find("/ refetch") != nil)
    // Enter keeps the filter and gives the keys back to scrolling.
    #expect(state.handle(.key(.enter)) == .handled)
    #expect(!state.isFiltering)
    #expect(state.filter.text == "refetch")
    // Esc clears the filter first, then closes.
    #expect(state.handle(.key(.escape)) == .handled)
    #expect(state.filter.text.isEmpty)
    #expect(state.handle(.key(.escape)) == .close)
    #expect(state.handle(.key("q")) == .close)
    #expect(state.handle(.key("x")) == .ignored)
  }

  @Test func aFilterWithNoMatchSaysSo() {
    var state = HelpState()
    _ = state.handle(.key("/"))
    _ = state.handle(.paste("zzz"))
    let shown = screen(60, 12) { frame in
      HelpOverlay([keymap.help]).render(in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.find("No key matches “zzz”") != nil)
  }

  @Test func theWheelScrollsIt() {
    let overlay = HelpOverlay(manySections(15))
    var state = HelpState()
    let shown = screen(80, 24) { frame in
      overlay.render(in: frame.bounds, into: &frame, state: &state)
    }
    let inside = try! #require(shown.find("Section 1"))
    #expect(state.handle(.mouse(MouseEvent(.scrollDown, at: inside))) == .handled)
    #expect(state.scroll.offset == 3)
    #expect(state.handle(.mouse(MouseEvent(.scrollDown, at: Point(x: 0, y: 0)))) == .ignored)
  }
}

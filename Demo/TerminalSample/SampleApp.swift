import Foundation
import TetherTerminal

/// A small app exercising the toolkit; the tmux end-to-end test drives it.
///
/// A list of 1,000 items on the left, a note field on the right, a status bar with the last
/// key and the terminal size, and a footer of key hints from the keymap.
final class SampleApp: TerminalApp {
  enum Action: Hashable, Sendable {
    case toggleFocus, toast, spinner, help, quit
  }

  let keymap = Keymap<Action>(
    title: "Sample",
    [
      .init([.tab], .toggleFocus, "Move focus between list and note", hint: "focus"),
      .init(["t"], .toast, "Show a toast", hint: "toast"),
      .init(["s"], .spinner, "Start or stop the spinner", hint: "spinner"),
      .init(["?"], .help, "Show this help", hint: "help"),
      .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit"),
    ])
  let items = (1...1000).map { "Item \($0)" }
  var list = ListState()
  var note = TextFieldState()
  var noteFocused = false
  var showsHelp = false
  var toast = ToastState()
  var spinnerStart: Date?
  var lastKey = "none"
  var size = Size(width: 0, height: 0)
  var focused = true
  let crashKey: Character?

  init(crashKey: Character? = nil) {
    self.crashKey = crashKey
  }

  var minimumSize: Size { Size(width: 40, height: 10) }

  func render(into frame: inout Frame) {
    size = frame.bounds.size
    let rows = frame.bounds.rows([.fixed(1), .fill, .fixed(1), .fixed(1)])
    frame.write(
      "Tether sample — \(size)" + (focused ? "" : " (unfocused)"), at: Point(x: 0, y: 0),
      style: .bold)
    let columns = rows[1].columns([.percentage(50), .fill])
    let listArea = Border(title: "Items", style: noteFocused ? .dim : .plain)
      .render(in: columns[0], into: &frame)
    ListView(count: items.count, isFocused: !noteFocused) { ListItem(self.items[$0]) }
      .render(in: listArea, into: &frame, state: &list)
    let noteArea = Border(title: "Note", style: noteFocused ? .plain : .dim)
      .render(in: columns[1], into: &frame)
    TextField(placeholder: "type here", isFocused: noteFocused)
      .render(in: noteArea.row(0), into: &frame, state: note)
    if let spinnerStart {
      Spinner(startedAt: spinnerStart, label: "working").render(in: noteArea.row(2), into: &frame)
    }
    StatusBar(
      left: [Segment("selected: \(items[list.selection])")],
      right: [Segment("last key: \(lastKey) ")]
    ).render(in: rows[2], into: &frame)
    KeyHintBar(keymap.hints).render(in: rows[3], into: &frame)
    Toast(state: toast).render(in: noteArea, into: &frame)
    if showsHelp { HelpOverlay([keymap.help]).render(in: frame.bounds, into: &frame) }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .resize: return .handled
    case .focus(let gained):
      focused = gained
      return .handled
    case .paste(let text):
      guard noteFocused else { return .ignored }
      _ = note.handle(.paste(text))
      return .handled
    case .key(let key):
      if let crashKey, key == Key(.character(crashKey)) { fatalError("crash requested") }
      lastKey = key.description
      return handle(key, now: context.now)
    }
  }

  private func handle(_ key: Key, now: Date) -> EventResult {
    if showsHelp {
      showsHelp = false
      return .handled
    }
    if noteFocused && key != .tab && key != .ctrl("c") {
      if key == .escape { noteFocused = false }
      _ = note.handle(.key(key))
      return .handled
    }
    if list.handle(key, count: items.count) { return .handled }
    switch keymap.action(for: key) {
    case .toggleFocus: noteFocused.toggle()
    case .toast: toast.show("Hello from a toast", now: now, duration: .seconds(2))
    case .spinner: spinnerStart = spinnerStart == nil ? now : nil
    case .help: showsHelp = true
    case .quit: return .quit
    case nil: break
    }
    return .handled
  }
}

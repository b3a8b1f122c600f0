import Dispatch
import Foundation
import TetherTerminal

/// A small app exercising the toolkit; the tmux end-to-end tests drive it.
///
/// A list of 1,000 items on the left (keys, clicks, the wheel), a note field on the right, a
/// status bar with the selection, the last key and the last mouse event, and a footer of key
/// hints from the keymap. `w` runs a task that reports back through the inbox; the hang key
/// (`--hang-key`) blocks the event loop's thread for good, as a deadlocked library call would.
final class SampleApp: TerminalApp {
  enum Action: Hashable, Sendable {
    case toggleFocus, toast, spinner, work, help, quit
  }

  /// What background work reports.
  enum Message: Sendable {
    case workFinished(Int)
  }

  let keymap = Keymap<Action>(
    title: "Sample",
    [
      .init([.tab], .toggleFocus, "Move focus between list and note", hint: "focus"),
      .init(["t"], .toast, "Show a toast", hint: "toast"),
      .init(["s"], .spinner, "Start or stop the spinner", hint: "spinner"),
      .init(["w"], .work, "Run a task that reports through the inbox", hint: "work"),
      .init(["?"], .help, "Show this help", hint: "help", importance: .high),
      .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
    ])
  let items = (1...1000).map { "Item \($0)" }
  let messages = Inbox<Message>()
  var list = ListState()
  var note = TextFieldState()
  var noteFocused = false
  var help: HelpState?
  var toast = ToastState()
  var spinnerStart: Date?
  var lastKey = "none"
  var lastMouse = "none"
  var size = Size(width: 0, height: 0)
  var focused = true
  var workStarted = 0
  var hits = HitMap<Panel>()
  let crashKey: Character?
  let hangKey: Character?
  let hangMarker: String?

  enum Panel: Hashable, Sendable {
    case list, note
  }

  init(crashKey: Character? = nil, hangKey: Character? = nil, hangMarker: String? = nil) {
    self.crashKey = crashKey
    self.hangKey = hangKey
    self.hangMarker = hangMarker
  }

  var minimumSize: Size { Size(width: 40, height: 10) }
  var inboxes: [any MessageSource] { [messages] }

  func render(into frame: inout Frame) {
    size = frame.bounds.size
    hits.removeAll()
    let rows = frame.bounds.rows([.fixed(1), .fill, .fixed(1), .fixed(1)])
    frame.write(
      "Tether sample — \(size)" + (focused ? "" : " (unfocused)"), at: Point(x: 0, y: 0),
      style: .bold)
    let columns = rows[1].columns([.percentage(50), .fill])
    let listBorder = Border(title: "Items", style: noteFocused ? .dim : .plain)
    listBorder.render(in: columns[0], into: &frame)
    ListView(count: items.count, isFocused: !noteFocused) { ListItem(self.items[$0]) }
      .render(in: listBorder.inner(of: columns[0]), into: &frame, state: &list)
    hits.add(.list, columns[0])
    let noteBorder = Border(title: "Note", style: noteFocused ? .plain : .dim)
    noteBorder.render(in: columns[1], into: &frame)
    let noteArea = noteBorder.inner(of: columns[1])
    TextField(placeholder: "type here", isFocused: noteFocused)
      .render(in: noteArea.row(0), into: &frame, state: &note)
    hits.add(.note, columns[1])
    if let spinnerStart {
      Spinner(startedAt: spinnerStart, label: "working").render(in: noteArea.row(2), into: &frame)
    }
    StatusBar(
      left: [Segment("selected: \(items[list.selection])")],
      right: [Segment("mouse: \(lastMouse)  last key: \(lastKey) ")]
    ).render(in: rows[2], into: &frame)
    let hints = help == nil ? keymap.hints : HelpState.keymap.hints
    KeyHintBar(hints).render(in: rows[3], into: &frame)
    Toast().render(in: noteArea, into: &frame, state: &toast)
    if var help {
      HelpOverlay([keymap.help, Keymap.list.help]).render(
        in: frame.bounds, into: &frame, state: &help)
      self.help = help
    }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .resize: return .handled
    case .focus(let gained):
      focused = gained
      return .handled
    case .message(let posted):
      guard case .workFinished(let number) = posted.value as? Message else { return .ignored }
      toast.show("Work \(number) finished", now: context.now, duration: .seconds(2))
      return .handled
    case .mouse(let mouse):
      return handle(mouse)
    case .paste(let text):
      guard noteFocused else { return .ignored }
      _ = note.handle(.paste(text))
      return .handled
    case .key(let key):
      if let crashKey, key == Key(.character(crashKey)) { fatalError("crash requested") }
      if let hangKey, key == Key(.character(hangKey)) {
        // A call that never returns, on the loop's thread: only the signal thread can end us.
        if let hangMarker {
          _ = FileManager.default.createFile(atPath: hangMarker, contents: Data("hung\n".utf8))
        }
        DispatchSemaphore(value: 0).wait()
      }
      lastKey = key.description
      return handle(key, now: context.now)
    }
  }

  private func handle(_ mouse: MouseEvent) -> EventResult {
    lastMouse = "\(mouse.kind) \(mouse.position.x),\(mouse.position.y)"
    if var help {
      if help.handle(.mouse(mouse)) == .handled { self.help = help }
      return .handled
    }
    if list.handle(mouse, count: items.count) {
      if mouse.isPrimaryPress { noteFocused = false }
      return .handled
    }
    if mouse.isPrimaryPress, hits.target(at: mouse.position) == .note { noteFocused = true }
    return .handled
  }

  private func handle(_ key: Key, now: Date) -> EventResult {
    if var help {
      switch help.handle(.key(key)) {
      case .close: self.help = nil
      case .handled: self.help = help
      case .ignored: break
      }
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
    case .work:
      workStarted += 1
      let number = workStarted
      let messages = messages
      Task.detached { messages.post(.workFinished(number)) }
    case .help: help = HelpState()
    case .quit: return .quit
    case nil: break
    }
    return .handled
  }
}

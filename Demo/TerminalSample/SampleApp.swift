import Foundation
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

/// The template app: a list from an endpoint, the selected item's detail, a note field, a
/// question before resetting the list, the help, and the devtools in a panel — every frame
/// drawn from the stores' states and the view state below.
///
/// Handlers start no work: they return it as commands (refetch, reset, the `w` work) that the
/// event loop runs. Stores on screen are watched: each change posts to the inbox, which wakes
/// the loop. The crash and hang keys (`--crash-key`, `--hang-key`) are for the toolkit's
/// end-to-end tests.
final class SampleApp: TerminalApp {
  enum Action: Hashable, Sendable {
    case toggleFocus, toast, spinner, work, refetch, reset, devtools, help, quit
  }

  /// What the loop hands back: a watched store changed, or a command ended.
  enum Message: Sendable {
    case storeChanged
    case workFinished(Int)
    case failed(String)
  }

  enum Panel: Hashable, Sendable {
    case list, note, devtools
  }

  let keymap = Keymap<Action>(
    title: "Sample",
    [
      .init([.tab], .toggleFocus, "Move focus between list and note", hint: "focus"),
      .init(["r"], .refetch, "Refetch the list", hint: "refetch", importance: .high),
      .init(["z"], .reset, "Reset the list (asks first)", hint: "reset"),
      .init(["d"], .devtools, "Show or hide the devtools", hint: "devtools", importance: .high),
      .init(["t"], .toast, "Show a toast", hint: "toast"),
      .init(["s"], .spinner, "Start or stop the spinner", hint: "spinner"),
      .init(["w"], .work, "Run a command that reports back", hint: "work"),
      .init(["?"], .help, "Show this help", hint: "help", importance: .high),
      .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
    ])
  let model: SampleModel
  let messages = Inbox<Message>()
  /// The list's watch, and the selected item's.
  var watches: [OperationSubscription] = []
  var selected: (id: Int, store: OperationStore<QueryState<Item, HTTPError>>)?
  var selectedWatch: OperationSubscription?
  var inspector = DevtoolsState()
  var showsDevtools = false
  var layers = LayerStack<SampleLayer>()
  var focus = Panel.list
  var list = ListState()
  var note = TextFieldState()
  var toast = ToastState()
  var spinnerStart: Date?
  var lastKey = "none"
  var lastMouse = "none"
  var focused = true
  var workStarted = 0
  var hits = HitMap<Panel>()
  let crashKey: Character?
  let hangKey: Character?
  let hangMarker: String?

  init(
    model: SampleModel, crashKey: Character? = nil, hangKey: Character? = nil,
    hangMarker: String? = nil
  ) {
    self.model = model
    self.crashKey = crashKey
    self.hangKey = hangKey
    self.hangMarker = hangMarker
    let messages = messages
    // Watching the list fetches it; each change wakes the loop through the inbox.
    watches = [model.items.subscribe { _ in messages.post(.storeChanged) }]
    model.devtools.isActive = false
  }

  var minimumSize: Size { Size(width: 40, height: 10) }
  var inboxes: [any MessageSource] { [messages, model.devtools.messages] }

  /// The items the list shows: what the store holds now.
  var items: [Item] { model.items.state.currentValue?.posts ?? [] }

  func render(into frame: inout Frame) {
    hits.removeAll()
    let rows = frame.bounds.rows([.fixed(1), .fill, .fixed(1), .fixed(1)])
    frame.write(
      "Tether sample — \(frame.bounds.size)" + (focused ? "" : " (unfocused)"),
      at: Point(x: 0, y: 0), style: .bold)
    let columns = rows[1].columns([.percentage(50), .fill])
    if showsDevtools, inspector.presentation == .fullScreen {
      drawDevtools(in: rows[1], into: &frame)
    } else {
      drawList(in: columns[0], into: &frame)
      let right = columns[1].rows([.fixed(5), .fill])
      drawNote(in: right[0], into: &frame)
      if showsDevtools {
        drawDevtools(in: right[1], into: &frame)
      } else {
        drawDetail(in: right[1], into: &frame)
      }
      Toast().render(in: right[0], into: &frame, state: &toast)
    }
    let selection = items.indices.contains(list.selection) ? items[list.selection].title : "none"
    StatusBar(
      left: [Segment("selected: \(selection)")],
      right: [
        Segment(
          "\(model.network.records.count) requests  mouse: \(lastMouse)  last key: \(lastKey) ")
      ]
    ).render(in: rows[2], into: &frame)
    KeyHintBar(hints).render(in: rows[3], into: &frame)
    drawLayers(into: &frame)
  }

  func drawList(in area: Rect, into frame: inout Frame) {
    let state = model.items.state
    let border = Border(title: "Items", style: focus == .list ? .plain : .dim)
    border.render(in: area, into: &frame)
    hits.add(.list, area)
    let inner = border.inner(of: area)
    let items = items
    guard !items.isEmpty else {
      let text =
        switch state.status {
        case .failure: "Couldn't load: \(state.error.map { "\($0)" } ?? "?") — r retries"
        default: "Loading…"
        }
      Paragraph(text).render(in: inner, into: &frame)
      return
    }
    ListView(count: items.count, isFocused: focus == .list && !layers.isModal) {
      ListItem(items[$0].title)
    }.render(in: inner, into: &frame, state: &list)
  }

  func drawNote(in area: Rect, into frame: inout Frame) {
    let border = Border(title: "Note", style: focus == .note ? .plain : .dim)
    border.render(in: area, into: &frame)
    hits.add(.note, area)
    let inner = border.inner(of: area)
    TextField(placeholder: "type here", isFocused: focus == .note)
      .render(in: inner.row(0), into: &frame, state: &note)
    if let spinnerStart {
      Spinner(startedAt: spinnerStart, label: "working").render(in: inner.row(2), into: &frame)
    }
  }

  func drawDetail(in area: Rect, into frame: inout Frame) {
    let border = Border(title: selected.map { "Item #\($0.id)" } ?? "Detail", style: .dim)
    border.render(in: area, into: &frame)
    let inner = border.inner(of: area)
    guard let state = selected?.store.state else { return }
    if let item = state.currentValue {
      let lines = inner.rows([.fixed(2), .fill])
      frame.write(item.title, at: Point(x: lines[0].x, y: lines[0].y), style: .bold, clip: lines[0])
      Paragraph(item.body).render(in: lines[1], into: &frame)
    } else if state.status == .failure {
      Paragraph("Couldn't load: \(state.error.map { "\($0)" } ?? "?")")
        .render(in: inner, into: &frame)
    }
    if state.isFetching {
      Spinner(startedAt: frame.now, label: "loading").render(
        in: inner.row(inner.height - 1), into: &frame)
    }
  }

  func drawDevtools(in area: Rect, into frame: inout Frame) {
    hits.add(.devtools, area)
    DevtoolsView(model.devtools, marks: [["items"]: "list"], isFocused: focus == .devtools)
      .render(in: area, into: &frame, state: &inspector)
  }

  func drawLayers(into frame: inout Frame) {
    for index in layers.layers.indices {
      switch layers[index] {
      case .help(var help):
        HelpOverlay([keymap.help, Keymap.list.help] + inspector.helpSections)
          .render(in: frame.bounds, into: &frame, state: &help)
        layers[index] = .help(help)
      case .confirmReset(var confirm):
        ConfirmPrompt(
          title: "Reset the list", message: "Empty the list and load it again?",
          confirmTitle: "Reset", cancelTitle: "Keep"
        ).render(in: frame.bounds, into: &frame, state: &confirm)
        layers[index] = .confirmReset(confirm)
      case .devtoolsDialog:
        DevtoolsDialogs(model.devtools).render(in: frame.bounds, into: &frame, state: &inspector)
      }
    }
  }

  /// The footer: the keys of the layer on top, else of the focused panel.
  var hints: [KeyHint] {
    switch layers.top {
    case .help: return HelpState.keymap.hints
    case .confirmReset: return ConfirmState.hints
    case .devtoolsDialog: return inspector.hints
    case nil: return focus == .devtools ? inspector.hints : keymap.hints
    }
  }
}

// The first block of TetherDevtools.docc/EmbeddingTheDevtools.md as written: it compiles with
// the tests, DocumentationTests checks it is the same, and EmbeddingExampleTests drives it.

import TetherCore
import TetherDevtools
import TetherTerminal

/// Your app's screens, with the devtools in a panel (`s`) or full screen (`S`); Esc goes
/// back.
final class InspectedApp: TerminalApp {
  let devtools: Devtools
  var inspector = DevtoolsState()
  var showsDevtools = false

  init(client: OperationClient) {
    devtools = Devtools(client: client)
  }

  var inboxes: [any MessageSource] { [devtools.messages] }

  func render(into frame: inout Frame) {
    let rows = frame.bounds.rows([.fill, .fixed(1)])
    let columns = rows[0].columns([.percentage(50), .fill])
    Paragraph("Your screens here").render(in: columns[0], into: &frame)
    if showsDevtools {
      let area = inspector.presentation == .fullScreen ? rows[0] : columns[1]
      DevtoolsView(devtools).render(in: area, into: &frame, state: &inspector)
      KeyHintBar(inspector.hints).render(in: rows[1], into: &frame)
    }
    DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &inspector)
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if showsDevtools || inspector.isModal || event.message(as: DevtoolsMessage.self) != nil {
      switch inspector.handle(event, devtools: devtools, context: context) {
      case .handled, .performed: return .handled(running: inspector.commands)
      case .close:
        showsDevtools = false
        return .handled
      case .ignored: break
      }
    }
    switch event {
    case .key("s"): showsDevtools.toggle()
    case .key("S"):
      showsDevtools = true
      inspector.presentation = .fullScreen
    case .key("q"): return .quit
    default: return .ignored
    }
    return .handled
  }
}

// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/WritingAnApp.md as written; DocumentationTests checks it.

import TetherTerminal

final class FeedScreen: TerminalApp {
  enum Action: Hashable, Sendable { case open, refresh, help, quit }
  enum Message: Sendable {
    case refreshed([String])
    case failed(String)
  }

  var keys = Keymap<Action>([
    .init([.enter], .open, "Open the selected post", hint: "open", importance: .high),
    .init(["r"], .refresh, "Refetch", hint: "refresh"),
    .init(["?"], .help, "Show help", hint: "help", importance: .high),
    .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
  ])
  let fetchTitles: @Sendable () async throws -> [String]  // your store's fetch, say
  var titles: [String] = []
  var opened: String?
  var feed = ListState()
  var toast = ToastState()
  var help: HelpState?

  init(fetchTitles: @escaping @Sendable () async throws -> [String]) {
    self.fetchTitles = fetchTitles
  }

  var minimumSize: Size { Size(width: 80, height: 24) }

  func render(into frame: inout Frame) {
    let rows = frame.bounds.rows([.fill, .fixed(1)])
    let border = Border(title: opened ?? "Feed")
    border.render(in: rows[0], into: &frame)
    let titles = titles
    ListView(count: titles.count) { ListItem(titles[$0]) }
      .render(in: border.inner(of: rows[0]), into: &frame, state: &feed)
    let hints = help == nil ? keys.hints : HelpState.keymap.hints
    KeyHintBar(hints).render(in: rows[1], into: &frame)
    Toast().render(in: rows[0], into: &frame, state: &toast)
    if var help {
      HelpOverlay([keys.help, Keymap.list.help])
        .render(in: frame.bounds, into: &frame, state: &help)
      self.help = help
    }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if var help {  // a modal gets every event first
      if help.handle(event) == .close { self.help = nil } else { self.help = help }
      return .handled
    }
    switch event {
    case .message(let posted):
      switch posted.value as? Message {
      case .refreshed(let fresh):
        titles = fresh
        toast.show("\(fresh.count) posts", now: context.now)
      case .failed(let reason):
        toast.show("Refetch failed: \(reason)", now: context.now)
      case nil:
        return .ignored
      }
      return .handled
    case .mouse(let mouse):
      return feed.handle(mouse, count: titles.count) ? .handled : .ignored
    case .key(let key):
      if feed.handle(key, count: titles.count) { return .handled }
      switch keys.action(for: key) {
      case .open: opened = titles.indices.contains(feed.selection) ? titles[feed.selection] : nil
      case .refresh:  // never block the loop: the loop runs the command, its message comes back
        let fetchTitles = fetchTitles
        return .handled(
          running: Command("refetch the feed") {
            do { return Message.refreshed(try await fetchTitles()) } catch {
              return Message.failed("\(error)")
            }
          })
      case .help: help = HelpState()
      case .quit: return .quit
      case nil: return .ignored
      }
      return .handled
    default:
      return .ignored
    }
  }
}

// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/GettingStarted.md as written; DocumentationTests checks it.

import Foundation
import TetherTerminal

final class StoresScreen: TerminalApp {
  enum Action: Hashable, Sendable { case refresh, quit }
  enum Message: Sendable { case refreshed([String]) }

  let keys = Keymap<Action>([
    .init(["r"], .refresh, "Reload the stores", hint: "reload", importance: .high),
    .init(["q", .ctrl("c")], .quit, "Quit", hint: "quit", importance: .essential),
  ])
  var paths = ["post/2", "post/12", "user/7"]
  var tree = TreeState<String>(expanded: ["post"])
  var table = ListState()

  var roots: [TreeNode<String>] {
    let groups = Dictionary(grouping: paths) { String($0.split(separator: "/")[0]) }
    return groups.keys.sorted().map { group in
      TreeNode(
        group, ListItem(group, detail: "\(groups[group]!.count)"),
        children: groups[group]!.map { TreeNode($0, ListItem($0)) })
    }
  }

  func render(into frame: inout Frame) {
    let rows = frame.bounds.rows([.fill, .fixed(1)])
    let columns = rows[0].columns([.percentage(40), .fixed(1), .fill])
    Tree(roots: roots).render(in: columns[0], into: &frame, state: &tree)
    let paths = paths
    let tableColumns = [
      TableColumn("Path"), TableColumn("Length", width: .fixed(6), alignment: .trailing),
    ]
    Table(columns: tableColumns, count: paths.count) {
      TableRow(texts: [paths[$0], "\(paths[$0].count)"])
    }
    .render(in: columns[2], into: &frame, state: &table)
    KeyHintBar(keys.hints).render(in: rows[1], into: &frame)
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    switch event {
    case .message(let posted):
      guard case .refreshed(let fresh) = posted.value as? Message else { return .ignored }
      paths = fresh  // on the loop's thread, before the next frame
      return .handled
    case .mouse(let mouse):
      return tree.handle(mouse, roots: roots) || table.handle(mouse, count: paths.count)
        ? .handled : .ignored
    case .key(let key):
      if tree.handle(key, roots: roots) { return .handled }
      switch keys.action(for: key) {
      case .refresh:  // the loop runs the command; its message comes back to `handle`
        let fresh = ["post/2", "post/12", "post/251", "user/7"]
        return .handled(running: Command("refresh") { Message.refreshed(fresh) })
      case .quit: return .quit
      case nil: return .ignored
      }
    default:
      return .ignored
    }
  }
}

@MainActor func runStoresScreen() async -> Int32 {
  let screen: NCursesScreen
  do {
    screen = try NCursesScreen()  // checks the tty and TERM first: no TERM, an
  } catch {  // unknown or a dumb one is a one-line error
    FileHandle.standardError.write(Data("stores: \(error)\n".utf8))
    return 1
  }
  do {
    try await EventLoop(app: StoresScreen(), screen: screen, input: screen).run()
  } catch {
    return 1
  }
  return 0
}

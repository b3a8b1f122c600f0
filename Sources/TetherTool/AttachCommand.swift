import Foundation
import TetherAttach
import TetherDevtools
import TetherTerminal

/// `tether attach`: the devtools over the whole terminal, on a live process.
enum AttachCommand {
  static func run(_ options: AttachOptions) async {
    let path: String
    let connection: InspectorConnection
    do {
      path = try InspectedProcesses.socket(for: options.target)
      let inbox = Inbox<DevtoolsScreen.Message>()
      connection = try InspectorConnection(
        path: path, notices: { text, _ in inbox.post(.notice(text)) },
        ended: { why in inbox.post(.detached(why)) })
      let screen = DevtoolsScreen(
        source: connection.source, inbox: inbox, faults: connection.faults,
        storeFaults: connection.storeFaults)
      connection.start()
      await TerminalRun.run(screen)
      connection.close()
    } catch {
      fail("\(error)")
    }
  }
}

/// Runs a screen on the terminal until it quits; a terminal that cannot be used ends the
/// process with a one-line reason.
enum TerminalRun {
  static func run(_ app: some TerminalApp) async {
    let screen: NCursesScreen
    do {
      screen = try NCursesScreen(options: .init())
    } catch {
      fail("\(error)")
    }
    do {
      let loop = try EventLoop(app: app, screen: screen, input: screen)
      try await loop.run()
    } catch {
      fail("\(error)")
    }
  }
}

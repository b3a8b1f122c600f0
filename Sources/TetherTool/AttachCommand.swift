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
      await TerminalRun.run(screen, config: options.config)
      connection.close()
    } catch {
      fail("\(error)")
    }
  }
}

/// Runs the devtools on the terminal until they quit, configured by the config file
/// (`--config FILE`, or the standard one); a terminal that cannot be used ends the process with
/// a one-line reason.
enum TerminalRun {
  static func run(_ app: DevtoolsScreen, config: String?) async {
    let screen: NCursesScreen
    do {
      screen = try NCursesScreen(options: .init())
    } catch {
      fail("\(error)")
    }
    var loaded = DevtoolsConfiguration.load(
      file: config, environment: ProcessInfo.processInfo.environment)
    // Faults at start are for a process that starts with the file, not one attached to.
    loaded.configuration.faults = nil
    do {
      try screen.start()
      app.configure(with: loaded, colors: screen.colorCount)
      let loop = try EventLoop(app: app, screen: screen, input: screen)
      try await loop.run()
    } catch {
      screen.stop()
      fail("\(error)")
    }
  }
}

// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/RunningAnApp.md as written; DocumentationTests checks it.

import Foundation
import TetherTerminal

/// Runs an app in the terminal: `exit(await run(FeedScreen { [] }, noMouse: false))` in
/// `main.swift`.
@MainActor func run(_ app: some TerminalApp, noMouse: Bool) async -> Int32 {
  let screen: NCursesScreen
  do {
    screen = try NCursesScreen(options: .init(colorMode: .auto, reportsMouse: !noMouse))
  } catch {
    FileHandle.standardError.write(Data("myapp: \(error)\n".utf8))
    return 1  // before starting servers or fetches
  }
  do {
    let loop = try EventLoop(app: app, screen: screen, input: screen)
    try await loop.run()  // returns when the app quits
  } catch {
    return 1
  }
  await ProcessExit.exit(0, cleanupWithin: .seconds(2))  // even if exit work hangs
}

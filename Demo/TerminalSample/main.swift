import Foundation
import TetherCommandLine
import TetherTerminal

let options = SampleOptions.command.parseOrExit()

/// Prints `terminal-sample: message` on standard error, sanitised (it may quote `TERM`), and
/// exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("terminal-sample: \(TextSanitizer.sanitize(message))\n".utf8))
  exit(code)
}

if let pidFile = options.pidFile {
  try? "\(getpid())\n".write(toFile: pidFile, atomically: true, encoding: .utf8)
}
// The terminal first: an unusable one (no TERM, an unknown or dumb one) ends the app at once,
// before anything was started that would have to be shut down.
let screen: NCursesScreen
do {
  let log = try options.logPath.map { try TerminalLog(path: $0) }
  screen = try NCursesScreen(
    options: .init(colorMode: options.colorMode, log: log, reportsMouse: options.reportsMouse))
} catch {
  fail("\(error)", code: 1)
}
do {
  let app = SampleApp(
    model: SampleModel(url: options.url), crashKey: options.crashKey, hangKey: options.hangKey,
    hangMarker: options.hangMarker)
  let loop = try EventLoop(app: app, screen: screen, input: screen)
  try await loop.run()
} catch {
  fail("\(error)", code: 1)
}
await ProcessExit.exit(0, cleanupWithin: .seconds(1)) {
  if options.hangsOnExit {
    // A shutdown that never completes (a server waiting on a deadlocked connection).
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
  }
}

import Foundation
import TetherTerminal

// terminal-sample [--pid-file PATH] [--color never|auto|always] [--log FILE] [--no-mouse]
//                 [--crash-key KEY] [--hang-key KEY [--hang-marker PATH]] [--hang-on-exit]
var pidFile: String?
var crashKey: Character?
var hangKey: Character?
var hangMarker: String?
var hangsOnExit = false
var reportsMouse = true
var colorMode = ColorMode.auto
var logPath: String?
var arguments = CommandLine.arguments.dropFirst()

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("terminal-sample: \(message)\n".utf8))
  exit(code)
}

while let argument = arguments.popFirst() {
  switch argument {
  case "--pid-file": pidFile = arguments.popFirst()
  case "--log": logPath = arguments.popFirst()
  case "--no-mouse": reportsMouse = false
  // For the end-to-end tests of crash handling: pressing KEY traps.
  case "--crash-key": crashKey = arguments.popFirst()?.first
  // For the end-to-end tests of a stuck app: pressing KEY blocks the loop's thread for good.
  case "--hang-key": hangKey = arguments.popFirst()?.first
  // Written just before the loop blocks, so a test knows the app is stuck before it signals.
  case "--hang-marker": hangMarker = arguments.popFirst()
  // For the end-to-end tests of a stuck shutdown: after quitting, cleanup never finishes.
  case "--hang-on-exit": hangsOnExit = true
  case "--color":
    guard let mode = arguments.popFirst().flatMap(ColorMode.init(rawValue:)) else {
      fail("--color never|auto|always", code: 2)
    }
    colorMode = mode
  default:
    fail("unknown argument \(argument)", code: 2)
  }
}

if let pidFile {
  try? "\(getpid())\n".write(toFile: pidFile, atomically: true, encoding: .utf8)
}
// The terminal first: an unusable one (no TERM, an unknown or dumb one) ends the app at once,
// before anything was started that would have to be shut down.
let screen: NCursesScreen
do {
  let log = try logPath.map { try TerminalLog(path: $0) }
  screen = try NCursesScreen(
    options: .init(colorMode: colorMode, log: log, reportsMouse: reportsMouse))
} catch {
  fail("\(error)", code: 1)
}
do {
  let app = SampleApp(crashKey: crashKey, hangKey: hangKey, hangMarker: hangMarker)
  let loop = try EventLoop(app: app, screen: screen, input: screen)
  try await loop.run()
} catch {
  fail("\(error)", code: 1)
}
await ProcessExit.exit(0, cleanupWithin: .seconds(1)) {
  if hangsOnExit {
    // A shutdown that never completes (a server waiting on a deadlocked connection).
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
  }
}

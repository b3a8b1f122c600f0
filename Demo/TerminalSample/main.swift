import Foundation
import TetherTerminal

// terminal-sample [--pid-file PATH] [--color never|auto|always] [--log FILE] [--crash-key KEY]
var pidFile: String?
var crashKey: Character?
var colorMode = ColorMode.auto
var logPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--pid-file": pidFile = arguments.popFirst()
  case "--log": logPath = arguments.popFirst()
  // For the end-to-end test of crash handling: pressing KEY traps.
  case "--crash-key": crashKey = arguments.popFirst()?.first
  case "--color":
    guard let mode = arguments.popFirst().flatMap(ColorMode.init(rawValue:)) else {
      FileHandle.standardError.write(Data("terminal-sample: --color never|auto|always\n".utf8))
      exit(2)
    }
    colorMode = mode
  default:
    FileHandle.standardError.write(Data("terminal-sample: unknown argument \(argument)\n".utf8))
    exit(2)
  }
}

if let pidFile {
  try? "\(getpid())\n".write(toFile: pidFile, atomically: true, encoding: .utf8)
}
do {
  let log = try logPath.map { try TerminalLog(path: $0) }
  let screen = try NCursesScreen(options: .init(colorMode: colorMode, log: log))
  let loop = try EventLoop(app: SampleApp(crashKey: crashKey), screen: screen, input: screen)
  try await loop.run()
} catch {
  FileHandle.standardError.write(Data("terminal-sample: \(error)\n".utf8))
  exit(1)
}

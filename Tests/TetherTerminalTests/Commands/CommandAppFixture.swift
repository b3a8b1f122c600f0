import Foundation
import Synchronization

@testable import TetherTerminal

/// An app whose keys return commands: `t` a timer, `s` a command scoped to a screen the app
/// closes with `c`, `i` one that ends at once, `w` a write that survives quitting, `q` quits
/// while commands run; it loads at start.
final class CommandApp: TerminalApp {
  enum Message: Sendable, Equatable {
    case tick(Int)
    case loaded(String)
  }

  /// What commands did, from whichever thread they ran on.
  final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
  }

  /// What commands did before they first waited, and after.
  let log = Log()
  var received: [Message] = []
  var ticks = 0
  var screen = CommandScope()

  func render(into frame: inout Frame) {
    frame.write("received \(received.count) log \(log.entries.count)", at: Point(x: 0, y: 0))
  }

  func start(context: EventContext) -> [Command] {
    let log = log
    return [
      Command("load at start") {
        log.append("start")
        return Message.loaded("start")
      }
    ]
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if let message = event.message(as: Message.self) {
      received.append(message)
      return .handled
    }
    switch event {
    case .key("t"):
      ticks += 1
      return .handled(running: .after(.seconds(2), deliver: Message.tick(ticks)))
    case .key("s"):
      let log = log
      return .handled(
        running: Command("load the screen") {
          log.append("started")
          try? await ContinuousClock().sleep(for: .seconds(3600))
          log.append("ended")
          return Message.loaded("screen")
        }.scoped(to: screen))
    case .key("c"):
      screen.cancel()
      return .handled
    case .key("i"):
      let log = log
      return .handled(
        running: Command("at once") {
          log.append("immediate")
          return Message.loaded("immediate")
        })
    case .key("w"):
      let write = Command.after(.seconds(1), deliver: Message.loaded("written"))
      return .handled(running: write.survivingQuit())
    case .key("q"):
      return .quit
    default:
      return .ignored
    }
  }
}

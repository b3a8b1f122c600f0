// Mirrors a Swift block of README.md as written; DocumentationTests checks it.

import TetherTerminal

final class KeyCounter: TerminalApp {
  var presses = 0

  func render(into frame: inout Frame) {
    Paragraph("\(presses) keys pressed · q quits").render(in: frame.bounds, into: &frame)
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    guard case .key(let key) = event else { return .ignored }
    if key == "q" { return .quit }
    presses += 1
    return .handled
  }
}

@MainActor func runKeyCounter() async throws {
  let screen = try NCursesScreen()  // a one-line error when the terminal is unusable
  try await EventLoop(app: KeyCounter(), screen: screen, input: screen).run()
}

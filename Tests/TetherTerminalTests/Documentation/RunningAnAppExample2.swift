// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/RunningAnApp.md as written; DocumentationTests checks it.

import Observation
import TetherTerminal

@Observable final class Clicks {
  var count = 0
}

final class ClicksScreen: TerminalApp {
  let clicks: Clicks
  var waker: Waker?  // the loop's, set once it exists: `app.waker = loop.waker`

  init(clicks: Clicks) {
    self.clicks = clicks
  }

  func render(into frame: inout Frame) {
    withObservationTracking {
      Paragraph("\(clicks.count) clicks").render(in: frame.bounds, into: &frame)
    } onChange: { [waker] in
      waker?.wake()
    }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult { .ignored }
}

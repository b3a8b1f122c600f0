// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/TestingScreens.md as written; DocumentationTests checks it.

import Testing
import TetherTerminal

@Test func theFeedShowsWhatARefetchBrought() async throws {
  let app = FeedScreen { ["First post", "Second post"] }  // from "Writing an app"
  let screen = VirtualScreen(size: Size(width: 80, height: 24))
  let input = ScriptedInput()
  let clock = TestClock()
  let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
  loop.runUntilIdle()  // the first frame
  input.send("r")
  loop.runUntilIdle()  // handles the key: the loop starts the refetch's command
  await loop.runUntilCommandsFinish()  // its message is handled, one frame drawn
  #expect(screen.find("2 posts") != nil)
  input.send(.down)
  loop.runUntilIdle()
  #expect(screen.lines[2].contains("Second post"))
  #expect(screen.style(at: Point(x: 2, y: 2)).attributes.contains(.reverse))
  input.send(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 1))))
  loop.runUntilIdle()
  #expect(screen.style(at: Point(x: 2, y: 1)).attributes.contains(.reverse))
  clock.advance(by: .seconds(3))
  loop.runUntilIdle()  // due redraws happen: the toast is gone
  #expect(screen.find("2 posts") == nil)
  #expect(loop.nextDeadline == nil)  // nothing scheduled: the app is idle
}

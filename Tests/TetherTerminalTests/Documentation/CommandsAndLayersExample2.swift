// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/CommandsAndLayers.md as written; DocumentationTests checks it.

import Testing
import TetherTerminal

@Test func deletingAsksFirstAndItsStatusGoesOnTheClock() async throws {
  let app = PostScreen(loadComments: { ["First!"] }, deletePost: {})
  let clock = TestClock()
  // A handler is a pure function: event in, state changed and commands out; nothing runs yet.
  let context = EventContext(now: clock.now(), size: Size(width: 40, height: 10))
  let result = app.handle(.key("r"), context: context)
  #expect(result.commands.map(\.name) == ["load the comments"])
  #expect(app.status == "Loading…")
  // In a loop, the loop runs the command and its message comes back to the screen.
  let screen = VirtualScreen(size: Size(width: 40, height: 10))
  let input = ScriptedInput()
  let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
  input.send("r")
  await loop.runUntilCommandsFinish()
  #expect(screen.lines[1] == "  First!")
  input.send("d")
  input.send(.escape)  // Esc pops the prompt: nothing is deleted
  loop.runUntilIdle()
  #expect(app.layers.isEmpty && app.status == "1 comments")
  input.send("d")
  input.send("y")
  loop.runUntilIdle()  // the deletion ran (it never waited) and started the status timer
  #expect(app.status == "Deleted")
  await clock.waitForSleepers()
  clock.advance(by: .seconds(3))
  await loop.runUntilCommandsFinish()
  #expect(app.status == "")
}

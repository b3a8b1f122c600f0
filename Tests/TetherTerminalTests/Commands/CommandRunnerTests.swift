import Foundation
import Testing

@testable import TetherTerminal

/// The loop runs the commands handlers return: at once, on the test clock, and never past
/// their scope or the loop's end.
@Suite struct CommandRunnerTests {
  private let screen = VirtualScreen(size: Size(width: 30, height: 2))
  private let input = ScriptedInput()
  private let clock = TestClock(now: testEpoch)

  private func makeLoop(_ app: CommandApp = CommandApp()) throws -> EventLoop<CommandApp> {
    try EventLoop(app: app, screen: screen, input: input, clock: clock)
  }

  @Test func workStartsBeforeTheFrameThatAnswersTheKey() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send("i")
    #expect(loop.step())
    // One step: the key, the command's work (it never waited), its message, one frame.
    #expect(loop.app.received == [.loaded("start"), .loaded("immediate")])
    #expect(screen.lines[0] == "received 2 log 2")
    #expect(loop.framesRendered == 2)
    #expect(loop.runningCommandCount == 0)
  }

  @Test func aTimerFiresWhenTheTestClockReachesIt() async throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send("t")
    input.send("t")
    loop.runUntilIdle()
    await clock.waitForSleepers(2)
    #expect(loop.runningCommandCount == 2)
    clock.advance(by: .seconds(1))
    loop.runUntilIdle()
    #expect(loop.app.received == [.loaded("start")])
    clock.advance(by: .seconds(1))
    await loop.runUntilCommandsFinish()
    #expect(loop.app.received.dropFirst().sorted { "\($0)" < "\($1)" } == [.tick(1), .tick(2)])
    #expect(loop.runningCommandCount == 0)
    #expect(screen.lines[0] == "received 3 log 1")
  }

  @Test func endingAScopeCancelsItsCommandsAndDropsTheirMessages() async throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send("s")
    loop.runUntilIdle()
    #expect(loop.app.log.entries == ["start", "started"])
    #expect(loop.runningCommandCount == 1)
    input.send("c")
    await loop.runUntilCommandsFinish()
    // The work saw the cancellation (its sleep ended at once) but its message is not delivered.
    #expect(loop.app.log.entries == ["start", "started", "ended"])
    #expect(loop.app.received == [.loaded("start")])
    input.send("s")  // the scope has ended: a command started in it never runs
    await loop.runUntilCommandsFinish()
    #expect(loop.app.log.entries == ["start", "started", "ended"])
  }

  @Test func quittingCancelsEveryCommandButTheWritesThatSurviveIt() async throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send("t")
    input.send("s")
    input.send("w")
    loop.runUntilIdle()
    await clock.waitForSleepers(2)
    input.send("q")
    loop.runUntilIdle()
    #expect(loop.isFinished)
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    #expect(clock.sleeperCount == 1)  // the write; the timer was cancelled
    clock.advance(by: .seconds(1))
    await loop.runUntilCommandsFinish()
    #expect(loop.runningCommandCount == 0)
    #expect(loop.app.log.entries == ["start", "started", "ended"])
    #expect(loop.app.received == [.loaded("start")])
  }

  @Test func handlersArePureFunctionsOfEventsToCommands() async throws {
    let app = CommandApp()
    let context = EventContext(now: testEpoch, size: Size(width: 30, height: 2))
    let result = app.handle(.key("i"), context: context)
    #expect(result.disposition == .handled)
    #expect(result.commands.map(\.name) == ["at once"])
    #expect(app.log.entries.isEmpty)  // returning a command starts nothing
    #expect(app.start(context: context).map(\.name) == ["load at start"])
    let message = await result.commands[0].run(clock: clock)
    #expect(message as? CommandApp.Message == .loaded("immediate"))
    #expect(app.handle(.key("x"), context: context) == .ignored)
    #expect(result != .handled)
    #expect(result == result)
  }

  @Test func workEndingInNothingDeliversNothing() async throws {
    let nothing = Command("log") { () async -> Int? in nil }
    let void = Command("void") { () async -> Void? in () }
    #expect(await nothing.run() == nil)
    #expect(await void.run() == nil)
    #expect(EventResult.ignored.running([nothing]).disposition == .handled)
    #expect(EventResult.quit.running([nothing]).disposition == .quit)
  }
}

import Foundation
import Testing

@testable import TetherTerminal

/// A small app whose behaviour the tests steer.
private final class ProbeApp: TerminalApp {
  var count = 0
  var renders = 0
  var events: [Event] = []
  var spinnerStart: Date?
  var ignoresEverything = false
  var minimumSize = Size(width: 1, height: 1)

  func render(into frame: inout Frame) {
    renders += 1
    frame.write("count \(count)", at: Point(x: 0, y: 0))
    if let spinnerStart {
      Spinner(startedAt: spinnerStart, frames: ["a", "b", "c"], interval: .milliseconds(100))
        .render(in: frame.bounds.row(1), into: &frame)
    }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    events.append(event)
    if ignoresEverything { return .ignored }
    switch event {
    case .key("+"): count += 1
    case .key("s"): spinnerStart = spinnerStart == nil ? context.now : nil
    case .key("q"): return .quit
    default: return .ignored
    }
    return .handled
  }
}

@Suite struct EventLoopTests {
  private let screen = VirtualScreen(size: Size(width: 24, height: 4))
  private let input = ScriptedInput()
  private let clock = TestClock(now: testEpoch)

  private func makeLoop(_ app: ProbeApp = ProbeApp()) throws -> EventLoop<ProbeApp> {
    try EventLoop(app: app, screen: screen, input: input, clock: clock)
  }

  @Test func drawsTheFirstFrameThenNothingWhileIdle() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    #expect(loop.framesRendered == 1)
    #expect(screen.lines[0] == "count 0")
    clock.advance(by: .seconds(3600))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 1)
    #expect(loop.nextDeadline == nil)
    #expect(!loop.step())
  }

  @Test func handledEventsDrawOneFrameForABurst() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.type("+++")
    loop.runUntilIdle()
    #expect(loop.framesRendered == 2)
    #expect(screen.lines[0] == "count 3")
    #expect(screen.lastChangedCells == 1)
  }

  @Test func ignoredEventsDrawNothing() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send(Key("x"))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 1)
    #expect(loop.app.events == [.key("x")])
  }

  @Test func aBurstOfWakeUpsFromManyTasksYieldsOneFrame() async throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    let waker = loop.waker
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { waker.wake() } }
    }
    loop.runUntilIdle()
    #expect(loop.framesRendered == 2)
    loop.runUntilIdle()
    #expect(loop.framesRendered == 2)
  }

  @Test func aWakeUpWithNoChangeRendersButWritesNoCells() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    loop.waker.wake()
    loop.runUntilIdle()
    #expect(screen.presentCount == 2)
    #expect(screen.lastChangedCells == 0)
  }

  @Test func quitFinishesTheLoopAndLaterEventsAreNotHandled() throws {
    let loop = try makeLoop()
    input.type("q+")
    loop.runUntilIdle()
    #expect(loop.isFinished)
    #expect(loop.app.count == 0)
  }

  @Test func ctrlCQuitsWhenTheAppIgnoresIt() throws {
    let loop = try makeLoop()
    input.send(.ctrl("c"))
    loop.runUntilIdle()
    #expect(loop.isFinished)
    #expect(loop.app.events == [.key(.ctrl("c"))])
  }

  @Test func ctrlZSuspendsAndRepaintsEverything() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send(.ctrl("z"))
    loop.runUntilIdle()
    #expect(screen.suspendCount == 1)
    #expect(loop.app.events.isEmpty)
    #expect(loop.framesRendered == 2)
    #expect(screen.lastChangedCells == 96)
  }

  @Test func suspendAndResumeRequestsFromSignals() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send(.suspendRequested)
    loop.runUntilIdle()
    #expect(screen.suspendCount == 1)
    input.send(.resumed)
    loop.runUntilIdle()
    #expect(loop.framesRendered == 3)
    #expect(screen.lastChangedCells == 96)
  }

  @Test func terminationSignalsFinishTheLoop() throws {
    let loop = try makeLoop()
    input.send(.terminationRequested(signal: SIGTERM))
    loop.runUntilIdle()
    #expect(loop.isFinished)
    #expect(loop.terminationSignal == SIGTERM)
  }

  @Test func resizeRedrawsAtTheNewSize() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send(Event.resize(Size(width: 30, height: 2)))
    loop.runUntilIdle()
    #expect(screen.size == Size(width: 30, height: 2))
    #expect(screen.lines == ["count 0", ""])
    #expect(loop.app.events == [.resize(Size(width: 30, height: 2))])
  }

  @Test func aTooSmallTerminalShowsAMessageInsteadOfTheApp() throws {
    let app = ProbeApp()
    app.minimumSize = Size(width: 80, height: 24)
    let loop = try makeLoop(app)
    loop.runUntilIdle()
    #expect(app.renders == 0)
    #expect(screen.lines[0] == "   Terminal too small")
    #expect(screen.lines[1] == " need 80×24, have 24×4")
    #expect(screen.lines[2] == "        q quits")
  }

  @Test func behindTooSmallOnlyResizeFocusAndQuitRequestsReachTheApp() throws {
    let app = ProbeApp()
    app.minimumSize = Size(width: 30, height: 4)
    let loop = try makeLoop(app)
    loop.runUntilIdle()
    #expect(loop.isTooSmall)
    input.type("x+y")
    input.send(.paste("pasted"))
    input.send(.mouse(MouseEvent(.press(.left), at: Point(x: 1, y: 1))))
    input.send(.focus(false))
    loop.runUntilIdle()
    #expect(app.events == [.focus(false)])
    #expect(app.count == 0)
    // Ctrl-Z still suspends.
    input.send(.ctrl("z"))
    loop.runUntilIdle()
    #expect(screen.suspendCount == 1)
    // Once large enough, keys reach the app again.
    input.send(Event.resize(Size(width: 30, height: 4)))
    input.type("+")
    loop.runUntilIdle()
    #expect(!loop.isTooSmall)
    #expect(app.count == 1)
    #expect(screen.lines[0] == "count 1")
    // `q` quits while too small, as Ctrl-C: the request to quit, which the app sees first and
    // may answer by asking (this one ignores it, so the loop quits).
    app.ignoresEverything = true
    input.send(Event.resize(Size(width: 10, height: 2)))
    input.send(Key("q"))
    loop.runUntilIdle()
    #expect(app.events.last == .key(.ctrl("c")))
    #expect(loop.isFinished)
  }

  @Test func mouseEventsReachTheApp() throws {
    let loop = try makeLoop()
    let click = MouseEvent(.press(.left), at: Point(x: 3, y: 1), modifiers: .control)
    input.send(.mouse(click))
    loop.runUntilIdle()
    #expect(loop.app.events == [.mouse(click)])
  }

  @Test func aSpinnerAdvancesOnlyThroughScheduledRedraws() throws {
    let loop = try makeLoop()
    loop.runUntilIdle()
    input.send(Key("s"))
    loop.runUntilIdle()
    #expect(screen.lines[1] == "a")
    #expect(loop.nextDeadline == clock.now().addingTimeInterval(0.1))

    clock.advance(by: .milliseconds(50))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 2)

    clock.advance(by: .milliseconds(50))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 3)
    #expect(screen.lines[1] == "b")

    clock.advance(by: .milliseconds(250))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 4)
    #expect(screen.lines[1] == "a")

    input.send(Key("s"))
    loop.runUntilIdle()
    #expect(loop.nextDeadline == nil)
    clock.advance(by: .seconds(10))
    loop.runUntilIdle()
    #expect(loop.framesRendered == 5)
  }

  @Test func runTakesAndReturnsTheScreenAndStopsOnQuit() async throws {
    let loop = try makeLoop()
    input.type("+q")
    try await loop.run()
    #expect(loop.isFinished)
    #expect(!screen.isStarted)
    #expect(loop.app.count == 1)
  }

  @MainActor
  @Test func runEndsWhenItsTaskIsCancelled() async throws {
    let loop = try makeLoop()
    let task = Task { try await loop.run() }
    task.cancel()
    try await task.value
    #expect(loop.isFinished)
    #expect(loop.framesRendered >= 1)
    #expect(!screen.isStarted)
  }
}

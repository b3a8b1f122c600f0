import CNCursesW
import Foundation

/// The one loop that owns the terminal: it merges input, wake-ups and redraw deadlines, hands
/// events to the app and draws a frame only when something may have changed.
///
/// - A burst of ``Waker/wake()`` calls, events and due deadlines yields one frame per step.
/// - Nothing is drawn when nothing happened, and an idle app sleeps in `poll()` with no timeout:
///   the only timeout is the earliest ``Frame/redraw(at:)`` request of the last frame.
/// - Ctrl-Z always suspends (the terminal is in raw mode, so the loop does what the shell's
///   job control would); Ctrl-C reaches the app as a key and quits when the app ignores it.
/// - Every screen and app call happens on the caller of ``run(isolation:)`` (the main actor when
///   started from `main.swift`); the waiting itself happens on another thread.
///
/// Tests drive the loop by hand with ``ScriptedInput``, ``VirtualScreen`` and ``TestClock``:
///
/// ```swift
/// let screen = VirtualScreen(size: Size(width: 40, height: 10))
/// let input = ScriptedInput()
/// let clock = TestClock()
/// let loop = try EventLoop(app: MyApp(), screen: screen, input: input, clock: clock)
/// loop.runUntilIdle()          // first frame
/// input.send(.down)
/// loop.runUntilIdle()          // handles the key, draws one frame
/// #expect(screen.lines[1] == "› Second")
/// ```
public final class EventLoop<App: TerminalApp> {
  /// The app; tests may inspect or change it between steps.
  public var app: App
  /// Wakes the loop from any thread; hand it to whatever observes the app's state.
  public let waker: Waker
  public let clock: any TetherClock
  /// Frames drawn so far.
  public private(set) var framesRendered = 0
  /// When the next frame is due without any input: the earliest redraw the last frame asked
  /// for, or `nil` when the loop would sleep until input or a wake-up.
  public private(set) var nextDeadline: Date?
  /// Whether the app quit or a termination signal arrived.
  public private(set) var isFinished = false
  /// The signal that ended the loop, if one did.
  public private(set) var terminationSignal: Int32?

  private let screen: any Screen
  private let input: any InputSource
  private var canvas = Canvas(size: Size(width: 0, height: 0))
  private var needsRender = true

  public init(
    app: App, screen: any Screen, input: any InputSource, clock: any TetherClock = SystemClock()
  ) throws {
    self.app = app
    self.screen = screen
    self.input = input
    self.clock = clock
    waker = try Waker()
  }

  /// Runs until the app quits: takes over the screen, draws, sleeps until input, a wake-up or a
  /// deadline, and gives the screen back at the end, also when the task is cancelled.
  ///
  /// When SIGINT, SIGTERM, SIGHUP or SIGQUIT ended the loop, the terminal is restored and the
  /// signal is raised again with its default action, so the process ends as the signal asks.
  public func run(isolation: isolated (any Actor)? = #isolation) async throws {
    try screen.start()
    isFinished = false
    needsRender = true
    step()
    while !isFinished {
      let timeout = pollTimeout()
      let descriptors = input.readinessDescriptors + [waker.descriptor]
      let waker = self.waker
      await withTaskCancellationHandler {
        await Readiness.wait(for: descriptors, timeout: timeout)
      } onCancel: {
        waker.wake()
      }
      if Task.isCancelled { isFinished = true }
      step()
    }
    screen.stop()
    if let signal = terminationSignal { tether_raise_default(signal) }
  }

  /// Processes everything available now — input, wake-ups, due deadlines — and draws at most
  /// one frame.
  ///
  /// - Returns: whether anything happened.
  @discardableResult
  public func step() -> Bool {
    var didWork = false
    for item in input.read() where !isFinished {
      didWork = true
      process(item)
    }
    if waker.consume() {
      didWork = true
      needsRender = true
    }
    let now = clock.now()
    if let deadline = nextDeadline, deadline <= now {
      didWork = true
      needsRender = true
    }
    if needsRender && !isFinished {
      render(at: now)
      didWork = true
    }
    return didWork
  }

  /// Steps until nothing is left to do at the current time: the way tests settle the loop.
  public func runUntilIdle() {
    while step() {}
  }

  private func process(_ item: Input) {
    switch item {
    case .event(.key(.ctrl("z"))):
      suspend()
    case .event(let event):
      if case .resize(let size) = event {
        screen.resize(to: size)
        needsRender = true
      }
      let context = EventContext(now: clock.now(), size: screen.size)
      switch app.handle(event, context: context) {
      case .handled: needsRender = true
      case .quit: isFinished = true
      case .ignored:
        if event == .key(.ctrl("c")) { isFinished = true }
      }
    case .suspendRequested:
      suspend()
    case .resumed:
      screen.invalidate()
      needsRender = true
    case .terminationRequested(let signal):
      terminationSignal = signal
      isFinished = true
    }
  }

  private func suspend() {
    screen.suspend()
    screen.invalidate()
    needsRender = true
  }

  private func render(at now: Date) {
    let size = screen.size
    canvas.reset(to: size)
    var frame = Frame(canvas: Canvas(size: Size(width: 0, height: 0)), now: now)
    swap(&frame.canvas, &canvas)
    let minimum = app.minimumSize
    if size.contains(minimum) {
      app.render(into: &frame)
    } else {
      TooSmallMessage.render(into: &frame, minimum: minimum)
    }
    nextDeadline = frame.nextRedraw
    swap(&frame.canvas, &canvas)
    screen.present(&canvas)
    framesRendered += 1
    needsRender = false
  }

  private func pollTimeout() -> Int32 {
    guard let deadline = nextDeadline else { return -1 }
    let milliseconds = (deadline.timeIntervalSince(clock.now()) * 1000).rounded(.up)
    return Int32(max(0, min(milliseconds, Double(Int32.max))))
  }
}

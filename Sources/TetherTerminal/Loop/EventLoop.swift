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
///   started from `main.swift`); the waiting itself happens in `poll()` on another thread, so
///   the loop's thread never blocks. Apps must not block it either: a slow call in
///   ``TerminalApp/handle(_:context:)`` or ``TerminalApp/render(into:)`` freezes the screen.
///   Slow work is a ``Command`` the handler returns: the loop starts it, cancels it when its
///   ``CommandScope`` ends or the loop finishes, and delivers the message it ends in as
///   ``Event/message(_:)`` before drawing, as it does messages posted to an ``Inbox``.
/// - Below ``TerminalApp/minimumSize`` the app is not drawn, and only resizes, focus changes,
///   messages and quit requests reach it: nothing the user cannot see happen. `q` and Ctrl-C
///   both arrive as Ctrl-C, which quits unless the app asks first.
///
/// Tests drive the loop by hand with ``ScriptedInput``, ``VirtualScreen`` and `TestClock`:
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
  /// How many commands the app started that have not delivered their message yet.
  public var runningCommandCount: Int { commands.count }

  private let screen: any Screen
  private let input: any InputSource
  private let inboxes: [any MessageSource]
  private let commands: CommandRunner
  private var canvas = Canvas(size: Size(width: 0, height: 0))
  private var needsRender = true
  private var messagesDelivered: UInt64 = 0
  private var hasStarted = false

  /// A loop for `app` on `screen`, connected to the app's ``TerminalApp/inboxes``.
  public init(
    app: App, screen: any Screen, input: any InputSource, clock: any TetherClock = SystemClock()
  ) throws {
    self.app = app
    self.screen = screen
    self.input = input
    self.clock = clock
    let waker = try Waker()
    self.waker = waker
    inboxes = app.inboxes
    for inbox in inboxes { inbox.onPost { waker.wake() } }
    commands = CommandRunner(clock: clock) { waker.wake() }
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
        _ = await Readiness.wait(for: descriptors, timeout: timeout)
      } onCancel: {
        waker.wake()
      }
      if Task.isCancelled { isFinished = true }
      step()
    }
    commands.cancelAll()
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
    if !hasStarted {
      hasStarted = true
      let context = EventContext(now: clock.now(), size: screen.size)
      for command in app.start(context: context) { commands.start(command) }
    }
    for item in input.read() where !isFinished {
      didWork = true
      process(item)
    }
    if waker.consume() {
      didWork = true
      needsRender = true
    }
    for inbox in inboxes where !isFinished {
      for message in inbox.takeMessages() where !isFinished {
        didWork = true
        deliver(message)
      }
    }
    for message in commands.takeMessages() where !isFinished {
      didWork = true
      deliver(message)
    }
    if isFinished { commands.cancelAll() }
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

  /// Runs until every command the app started has ended and its message was handled, and
  /// nothing is left to do at the current time: how a test settles work that does not wait on
  /// the test clock. A command sleeping on a `TestClock` ends only when the test moves it.
  public func runUntilCommandsFinish(isolation: isolated (any Actor)? = #isolation) async {
    runUntilIdle()
    while commands.count > 0 {
      await commands.waitForAll()
      runUntilIdle()
    }
  }

  /// Waits until the loop has something to do — a wake-up, a posted message, input — without
  /// doing it, for at most `limit` of real time: how a test waits for async work instead of
  /// sleeping.
  ///
  /// - Returns: false when `limit` passed first.
  public func waitForWork(orGiveUpAfter limit: Duration) async -> Bool {
    await Readiness.wait(
      for: input.readinessDescriptors + [waker.descriptor], timeout: Readiness.milliseconds(limit))
  }

  /// Whether the screen is below the app's minimum size (the app is neither drawn nor given
  /// keys).
  public var isTooSmall: Bool { !screen.size.contains(app.minimumSize) }

  private func process(_ item: Input) {
    switch item {
    case .event(.key(.ctrl("z"))):
      suspend()
    case .event(var event):
      if case .resize(let size) = event {
        screen.resize(to: size)
        needsRender = true
      }
      if isTooSmall {
        guard let delivered = event.deliveredWhileTooSmall else { return }
        event = delivered
      }
      let context = EventContext(now: clock.now(), size: screen.size)
      let result = app.handle(event, context: context)
      switch result.disposition {
      case .handled: needsRender = true
      case .quit: isFinished = true
      case .ignored:
        if event == .key(.ctrl("c")) { isFinished = true }
      }
      guard !isFinished else { return }
      for command in result.commands { commands.start(command) }
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

  private func deliver(_ message: any Sendable) {
    messagesDelivered += 1
    process(.event(.message(PostedMessage(message, sequence: messagesDelivered))))
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
    return Readiness.milliseconds(deadline.duration(since: clock.now()))
  }
}

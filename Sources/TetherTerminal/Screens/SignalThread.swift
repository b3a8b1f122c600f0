import CNCursesW
import Foundation
import Glibc
import TetherSynchronization

/// The thread that hears the process's signals while a screen is active, so that a stuck
/// event loop cannot keep the app alive or the terminal taken.
///
/// The signal handlers write one byte per signal to a pipe that only this thread reads; it
/// passes every byte on to the loop (``loopDescriptor``) and watches the loop answer:
/// - after SIGTERM, SIGHUP, SIGQUIT or a SIGINT sent by another process, the process must
///   end within the grace period;
/// - Ctrl-C (a SIGINT the terminal raised) must be read by the loop within the grace period —
///   the app may then ask before quitting.
///
/// When the loop misses either deadline, this thread restores the terminal itself and ends the
/// process with the signal. The grace period is real time: this is the one safety net that
/// must work when everything else is stuck.
///
/// While the screen waits in the background, the thread also watches for the process to
/// become the terminal's foreground again: the shell's `fg` sends no SIGCONT to a job that
/// runs, so it checks `tcgetpgrp` five times a second and then passes a SIGCONT on itself.
final class SignalThread: Sendable {
  private struct State {
    /// When each forwarded Ctrl-C must have been read by, oldest first.
    var interruptDeadlines: [ContinuousClock.Instant] = []
    /// When the process must have ended after a termination signal, and which.
    var termination: (deadline: ContinuousClock.Instant, signal: Int32)?
    var isRunning = false
    /// The terminal to watch for the process becoming its foreground, while in the background.
    var foregroundWatch: Int32?
  }

  /// What the handlers write to (handed to `tether_install_signal_handlers`).
  let handlerDescriptor: Int32
  /// What the loop polls and reads.
  let loopDescriptor: Int32
  private let handlerRead: Int32
  private let loopWrite: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  private let grace: Duration
  private let restore: @Sendable () -> Void
  private let log: TerminalLog?
  private let state = SanitizerVisibleMutex(State())
  private let finished = DispatchSemaphore(value: 0)

  /// - Parameter restore: puts the terminal back (async-signal-safe work only).
  init(grace: Duration, log: TerminalLog?, restore: @escaping @Sendable () -> Void) throws {
    let handler = try Self.pipe()
    let loop = try Self.pipe()
    let stop = try Self.pipe()
    handlerRead = handler.read
    handlerDescriptor = handler.write
    loopDescriptor = loop.read
    loopWrite = loop.write
    stopRead = stop.read
    stopWrite = stop.write
    self.grace = grace
    self.log = log
    self.restore = restore
  }

  deinit {
    stop()
    for descriptor in [
      handlerRead, handlerDescriptor, loopDescriptor, loopWrite, stopRead, stopWrite,
    ] {
      close(descriptor)
    }
  }

  func start() {
    let alreadyRunning = state.withLock { state in
      defer { state.isRunning = true }
      state.interruptDeadlines.removeAll()
      state.termination = nil
      state.foregroundWatch = nil
      return state.isRunning
    }
    guard !alreadyRunning else { return }
    let thread = Thread { [self] in
      run()
      finished.signal()
    }
    thread.name = "tether-signals"
    thread.start()
  }

  /// Stops the thread and forgets every deadline (the screen gave the terminal back).
  func stop() {
    let wasRunning = state.withLock { state in
      defer { state.isRunning = false }
      return state.isRunning
    }
    guard wasRunning else { return }
    var byte: UInt8 = 1
    _ = write(stopWrite, &byte, 1)
    finished.wait()
    var buffer = [UInt8](repeating: 0, count: 16)
    while read(stopRead, &buffer, buffer.count) > 0 {}
  }

  /// Passes a SIGCONT to the loop once the process is the foreground of `terminal` again.
  func watchForForeground(of terminal: Int32) {
    state.withLock { $0.foregroundWatch = terminal }
    var byte: UInt8 = 0
    _ = write(stopWrite, &byte, 1)  // wake the thread to start polling
  }

  /// The loop read `count` Ctrl-C bytes: it is alive.
  func acknowledgeInterrupts(_ count: Int) {
    guard count > 0 else { return }
    state.withLock { state in
      state.interruptDeadlines.removeFirst(min(count, state.interruptDeadlines.count))
    }
  }

  private func run() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      var descriptors = [
        pollfd(fd: handlerRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, timeoutUntilNextDeadline())
      if ready > 0 && descriptors[1].revents != 0 {
        var command: UInt8 = 0
        if read(stopRead, &command, 1) == 1 && command == 1 { return }
      }
      checkForeground()
      if ready > 0 && descriptors[0].revents != 0 {
        let count = read(handlerRead, &buffer, buffer.count)
        if count > 0 { forward(buffer[0..<count]) }
      }
      if let missed = missedDeadline() { endProcess(missed) }
    }
  }

  private func forward(_ bytes: ArraySlice<UInt8>) {
    let now = ContinuousClock.now
    state.withLock { state in
      for byte in bytes {
        let signal = Int32(byte & 0x7F)
        let fromTerminal = Int32(byte) & tether_signal_from_terminal() != 0
        if signal == SIGINT && fromTerminal {
          state.interruptDeadlines.append(now + grace)
        } else if [SIGINT, SIGTERM, SIGHUP, SIGQUIT].contains(signal), state.termination == nil {
          state.termination = (now + grace, signal)
        }
      }
    }
    var copy = Array(bytes)
    _ = write(loopWrite, &copy, copy.count)
  }

  private func checkForeground() {
    let became = state.withLock { state -> Bool in
      guard let terminal = state.foregroundWatch, tether_foreground_state(terminal) == 1 else {
        return false
      }
      state.foregroundWatch = nil
      return true
    }
    guard became else { return }
    var byte = UInt8(SIGCONT)
    _ = write(loopWrite, &byte, 1)
  }

  private func timeoutUntilNextDeadline() -> Int32 {
    let (next, watching) = state.withLock { state in
      (
        [state.interruptDeadlines.first, state.termination?.deadline].compactMap { $0 }.min(),
        state.foregroundWatch != nil
      )
    }
    let watchTimeout: Int32 = watching ? 200 : -1
    guard let next else { return watchTimeout }
    let deadline = Readiness.milliseconds(max(.zero, next - ContinuousClock.now))
    return watching ? min(deadline, watchTimeout) : deadline
  }

  /// The signal to end the process with, when the loop missed a deadline.
  private func missedDeadline() -> Int32? {
    let now = ContinuousClock.now
    return state.withLock { state in
      if let termination = state.termination, termination.deadline <= now {
        return termination.signal
      }
      if let deadline = state.interruptDeadlines.first, deadline <= now { return SIGINT }
      return nil
    }
  }

  private func endProcess(_ signal: Int32) -> Never {
    log?.write("the event loop did not answer signal \(signal) within \(grace); exiting")
    restore()
    tether_raise_default(signal)
    _exit(128 + signal)
  }

  private static func pipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard Glibc.pipe(&descriptors) == 0 else { throw TerminalError.system("pipe", errno) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    // Handlers and the forwarding never block; the thread itself waits in poll().
    _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
    return (descriptors[0], descriptors[1])
  }
}

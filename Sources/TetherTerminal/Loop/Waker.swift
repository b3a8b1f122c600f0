import CNCursesW
import Glibc

/// Wakes an event loop from any thread, task or actor, e.g. when a store's state changed.
///
/// An `eventfd` counts wake-ups; the loop reads it once per iteration, so a burst of wake-ups
/// yields one frame. Calling ``wake()`` is cheap, async-signal-safe and never blocks.
///
/// ```swift
/// let waker = loop.waker
/// withObservationTracking { _ = model.state } onChange: { waker.wake() }
/// ```
public final class Waker: Sendable {
  /// The descriptor the loop polls.
  let descriptor: Int32

  init() throws {
    let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    guard descriptor >= 0 else { throw TerminalError.system("eventfd", errno) }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Asks the loop to draw a new frame soon.
  public func wake() {
    var one: UInt64 = 1
    _ = write(descriptor, &one, 8)
  }

  /// Whether a wake-up arrived since the last call; resets the count.
  func consume() -> Bool {
    var count: UInt64 = 0
    return read(descriptor, &count, 8) == 8 && count > 0
  }
}

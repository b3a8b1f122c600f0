import Foundation
import TetherSynchronization

/// The time source of an event loop; inject a ``ManualClock`` in tests.
///
/// Every timer of the toolkit (spinner frames, toast expiry, countdowns) is a redraw request at
/// a `Date` of this clock, so a test that advances the clock sees exactly the frames a user would.
public protocol TerminalClock: Sendable {
  func now() -> Date
}

/// The wall clock.
public struct SystemClock: TerminalClock {
  public init() {}
  public func now() -> Date { Date() }
}

/// A clock that moves only when a test advances it.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 0.1)
/// loop.runUntilIdle()   // draws the frame that was due
/// ```
public final class ManualClock: TerminalClock {
  private let current: SanitizerVisibleMutex<Date>

  public init(_ start: Date = Date(timeIntervalSinceReferenceDate: 0)) {
    current = SanitizerVisibleMutex(start)
  }

  public func now() -> Date { current.withLock { $0 } }

  public func advance(by interval: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(interval) }
  }

  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }
}

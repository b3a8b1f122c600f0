import Foundation
import TetherSynchronization

/// A clock that only moves when a test moves it, so timing-dependent code runs deterministically
/// and instantly.
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(2)) }
/// await clock.waitForSleepers()        // the task is now sleeping
/// clock.advance(by: .seconds(2))       // and now it is resumed
/// ```
///
/// Sleepers are resumed in deadline order. Code that sleeps again after waking (a retry loop)
/// registers a new sleeper; wait for it with ``waitForSleepers(_:)`` before advancing again.
public final class TestClock: TetherClock {
  private struct Sleeper {
    var id: UInt64
    var deadline: Date
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiter {
    var count: Int
    /// Only sleepers due by this date count; nil counts every sleeper.
    var dueBy: Date?
    var continuation: CheckedContinuation<Void, Never>

    func isSatisfied(by sleepers: [Sleeper]) -> Bool {
      guard let dueBy else { return sleepers.count >= count }
      return sleepers.lazy.filter { $0.deadline <= dueBy }.count >= count
    }
  }

  private struct State {
    var now: Date
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var waiters: [Waiter] = []
  }

  private let state: SanitizerVisibleMutex<State>

  /// Creates a test clock whose time starts at `now` (a fixed date by default).
  public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    state = SanitizerVisibleMutex(State(now: now))
  }

  public func now() -> Date { state.withLock { $0.now } }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The earliest deadline any sleeper waits for, or `nil` when nobody sleeps.
  public var nextDeadline: Date? { state.withLock { $0.sleepers.map(\.deadline).min() } }

  public func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (resume, satisfied) = state.withLock { state -> (Result<Void, any Error>?, [Waiter]) in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, Self.takeSatisfiedWaiters(&state))
        }
        if let resume { continuation.resume(with: resume) }
        for waiter in satisfied { waiter.continuation.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration` and resumes every sleeper whose deadline has been reached.
  public func advance(by duration: Duration) {
    advance(to: now().adding(duration))
  }

  /// Moves time to `date` (never backwards) and resumes every sleeper whose deadline has been
  /// reached, earliest first.
  public func advance(to date: Date) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = max(state.now, date)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time to the earliest sleeper's deadline and resumes it, after waiting until at least
  /// one task sleeps on this clock.
  public func advanceToNextDeadline() async {
    await waitForSleepers()
    if let deadline = nextDeadline { advance(to: deadline) }
  }

  /// Returns once at least `count` tasks are sleeping on this clock.
  ///
  /// Use it to let the code under test reach its next sleep before calling ``advance(by:)``.
  public func waitForSleepers(_ count: Int = 1) async {
    await wait(for: count, dueBy: nil)
  }

  /// Returns once at least `count` tasks sleep until `deadline` or earlier: the tasks that
  /// moving time to `deadline` would wake. Sleepers due later (a garbage collector, a long
  /// timeout) do not count.
  ///
  /// ```swift
  /// await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
  /// clock.advance(by: .seconds(1))   // wakes the request delayed by a second
  /// ```
  public func waitForSleepers(_ count: Int = 1, dueBy deadline: Date) async {
    await wait(for: count, dueBy: deadline)
  }

  private func wait(for count: Int, dueBy deadline: Date?) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiter = Waiter(count: count, dueBy: deadline, continuation: continuation)
      let ready = state.withLock { state -> Bool in
        if waiter.isSatisfied(by: state.sleepers) { return true }
        state.waiters.append(waiter)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private static func takeSatisfiedWaiters(_ state: inout State) -> [Waiter] {
    let sleepers = state.sleepers
    let satisfied = state.waiters.filter { $0.isSatisfied(by: sleepers) }
    state.waiters.removeAll { $0.isSatisfied(by: sleepers) }
    return satisfied
  }
}

import Foundation
import TetherSynchronization

/// A test's limit on a wait for work done elsewhere (a task, another thread, another process):
/// a guard against a hang, never a measure.
///
/// It runs out once `limit` of real time has passed while the cooperative pool ran new jobs at
/// once, or after ``ceiling`` whatever happened. Time the pool spent with a backlog does not
/// count: a whole parallel run on two loaded cores, under the thread sanitizer, leaves a new
/// job waiting a minute or two behind the first turn of every other test, and a plain deadline
/// then measures that backlog rather than the code under test. A probe thread keeps sending
/// the pool an empty job and counts how long each waits (see ``PoolBacklog``).
///
/// ```swift
/// let limit = HangGuard()
/// while !done() {
///   guard !limit.hasRunOut else { return Issue.record("gave up") }
///   try? await Task.sleep(for: .milliseconds(5))
/// }
/// ```
public struct HangGuard: Sendable {
  /// Real time with a responsive pool after which a wait gives up.
  public let limit: Duration
  /// Real time after which a wait gives up even if the pool was backlogged all along: a test
  /// that blocks the pool's threads still ends.
  public static let ceiling: Duration = .seconds(900)

  private let start: ContinuousClock.Instant
  private let backlogAtStart: Duration

  /// A guard that starts now.
  public init(limit: Duration = .seconds(60)) {
    self.limit = limit
    backlogAtStart = PoolBacklog.shared.total
    start = .now
  }

  /// Real time since the start, less the time the pool had a backlog meanwhile.
  public var elapsed: Duration {
    let real = ContinuousClock.now - start
    return real - (PoolBacklog.shared.total - backlogAtStart)
  }

  /// Whether the wait should give up.
  public var hasRunOut: Bool {
    elapsed >= limit || ContinuousClock.now - start >= Self.ceiling
  }

  /// Returns once the guard has run out, napping meanwhile; throws when the task is cancelled.
  public func sleepUntilRunOut() async throws {
    while !hasRunOut {
      try await Task.sleep(for: .milliseconds(100))
    }
  }
}

/// How long the cooperative pool has kept new jobs waiting since the first guard asked: a
/// thread of its own sends the pool an empty detached task every 10 ms and adds up the time
/// each waited for a thread beyond a small allowance — the one still waiting included, so the
/// total grows while the pool is held up, not only after.
public final class PoolBacklog: Sendable {
  /// The process's one probe, started on first use.
  public static let shared = PoolBacklog()

  private struct State {
    var settled: Duration = .zero
    var waitingSince: ContinuousClock.Instant?
  }

  /// A wait this short is the pool at work, not a backlog.
  private static let allowance: Duration = .milliseconds(20)
  private let state = SanitizerVisibleMutex(State())

  private init() {
    let thread = Thread { [self] in probe() }
    thread.name = "tests-pool-probe"
    thread.start()
  }

  /// The time new jobs waited for the pool (beyond the allowance) since the probe started.
  public var total: Duration {
    let now = ContinuousClock.now
    return state.withLock { state in
      state.settled + (state.waitingSince.map { Self.excess(now - $0) } ?? .zero)
    }
  }

  private static func excess(_ waited: Duration) -> Duration {
    waited > allowance ? waited - allowance : .zero
  }

  private func probe() {
    while true {
      let sent = ContinuousClock.now
      state.withLock { $0.waitingSince = sent }
      let served = DispatchSemaphore(value: 0)
      Task.detached { served.signal() }
      served.wait()
      let waited = ContinuousClock.now - sent
      state.withLock { state in
        state.waitingSince = nil
        state.settled += Self.excess(waited)
      }
      usleep(10_000)
    }
  }
}

import TetherSynchronization
import TetherTime

/// Decides when to write: at most once per interval, `interval` after the first change not yet
/// written, and at once when asked (on exit).
///
/// The throttle holds no changes itself: its owner collects them (a set of changed paths, say)
/// and writes them in `flush`. Noting a change costs one uncontended lock, so it can follow
/// every state change of a busy client. Flushes never overlap, so a slow flush cannot be
/// overtaken by a later one that writes newer data first.
///
/// ```swift
/// let throttle = WriteThrottle(interval: .seconds(1), clock: clock) {
///   rows.enqueue(collectChangedRows())
/// }
/// throttle.noteChange()      // a flush runs a second from now
/// throttle.noteChange()      // the same flush
/// throttle.flush()           // now, on exit
/// ```
public final class WriteThrottle: Sendable {
  private struct State {
    /// The timer of the flush to come, if one is scheduled; its id tells it from older ones.
    var timer: (id: UInt64, task: Task<Void, Never>?)?
    var nextTimerID: UInt64 = 0
    var isStopped = false
  }

  /// The longest a change waits before it is flushed, and the shortest time between flushes.
  public let interval: Duration
  private let clock: any TetherClock
  private let state = SanitizerVisibleMutex(State())
  /// Held for the whole of each flush, so flushes run one at a time.
  private let flushing = SanitizerVisibleMutex(())
  private let body: @Sendable () -> Void

  /// A throttle that calls `flush` at most once per `interval` of `clock` after changes.
  public init(
    interval: Duration, clock: any TetherClock, flush: @escaping @Sendable () -> Void
  ) {
    self.interval = interval
    self.clock = clock
    self.body = flush
  }

  deinit {
    state.withLock { $0.timer?.task?.cancel() }
  }

  /// Says that something changed: schedules a flush `interval` from now unless one is already
  /// scheduled.
  public func noteChange() {
    let id = state.withLock { state -> UInt64? in
      guard state.timer == nil, !state.isStopped else { return nil }
      state.nextTimerID += 1
      state.timer = (state.nextTimerID, nil)
      return state.nextTimerID
    }
    guard let id else { return }
    let deadline = clock.now().adding(interval)
    let task = Task { [weak self, clock] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      self?.timerFired(id)
    }
    state.withLock { state in
      if state.timer?.id == id { state.timer?.task = task }
    }
  }

  /// Whether a flush is scheduled.
  public var isFlushScheduled: Bool { state.withLock { $0.timer != nil } }

  /// Flushes now, on the calling thread, and cancels the scheduled flush.
  public func flush() {
    let task = state.withLock { state -> Task<Void, Never>? in
      defer { state.timer = nil }
      return state.timer?.task
    }
    task?.cancel()
    flushing.withLock { _ in body() }
  }

  /// Flushes now and schedules no more flushes: what an app does on exit.
  public func stop() {
    state.withLock { $0.isStopped = true }
    flush()
  }

  private func timerFired(_ id: UInt64) {
    let isCurrent = state.withLock { state -> Bool in
      guard state.timer?.id == id else { return false }
      state.timer = nil
      return true
    }
    guard isCurrent else { return }
    flushing.withLock { _ in body() }
  }
}

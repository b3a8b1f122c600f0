import TetherCore
import TetherSynchronization

/// Runs work against a deadline on a clock, and returns at the deadline whatever the work is
/// doing.
///
/// The work runs in its own task, started immediately on the caller's thread; once it suspends,
/// the deadline is handed to the client's ``DeadlineScheduler``. Whichever comes first decides
/// the result and cancels the other, so a transport stuck past the deadline is cancelled and
/// the caller gets ``HTTPError/timedOut(after:)`` on time, without waiting for the transport to
/// notice.
/// Cancelling the caller returns ``HTTPError/cancelled`` at once, the same way.
enum Deadline {
  static func race<Value: Sendable>(
    _ limit: Duration, on timers: DeadlineScheduler,
    _ work: @escaping @Sendable () async -> Result<Value, HTTPError>
  ) async -> Result<Value, HTTPError> {
    let deadline = timers.clock.now().adding(limit)
    let race = Race<Value>()
    // The work starts on this thread and runs until it first suspends; an answer that needs no
    // waiting (a mock, a cache) returns without a timer or a thread hop.
    let worker = Task.immediate { race.finish(await work()) }
    if let result = race.result { return result }
    let timer = timers.schedule(at: deadline) { race.finish(.failure(.timedOut(after: limit))) }
    race.track(worker) { timers.cancel(timer) }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in race.wait(continuation) }
    } onCancel: {
      race.finish(.failure(.cancelled))
    }
  }

  /// The shared state of one race: who waits, who runs, and the first result.
  private final class Race<Value: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result<Value, HTTPError>, Never>?
      var result: Result<Value, HTTPError>?
      var worker: Task<Void, Never>?
      var cancelTimer: (@Sendable () -> Void)?
    }

    private let state = SanitizerVisibleMutex(State())

    /// The result, once the race is decided.
    var result: Result<Value, HTTPError>? { state.withLock { $0.result } }

    func wait(_ continuation: CheckedContinuation<Result<Value, HTTPError>, Never>) {
      let early = state.withLock { state -> Result<Value, HTTPError>? in
        if let result = state.result { return result }
        state.continuation = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }

    /// Remembers the worker and how to cancel the timer, using both at once when the race is
    /// already decided.
    func track(_ worker: Task<Void, Never>, cancelTimer: @escaping @Sendable () -> Void) {
      let decided = state.withLock { state -> Bool in
        if state.result != nil { return true }
        state.worker = worker
        state.cancelTimer = cancelTimer
        return false
      }
      if decided {
        worker.cancel()
        cancelTimer()
      }
    }

    /// Decides the race with `result` unless it is decided already.
    func finish(_ result: Result<Value, HTTPError>) {
      let (continuation, worker, cancelTimer) = state.withLock { state in
        guard state.result == nil else {
          return (
            CheckedContinuation<Result<Value, HTTPError>, Never>?.none,
            Task<Void, Never>?.none, (@Sendable () -> Void)?.none
          )
        }
        state.result = result
        defer {
          state.continuation = nil
          state.worker = nil
          state.cancelTimer = nil
        }
        return (state.continuation, state.worker, state.cancelTimer)
      }
      worker?.cancel()
      cancelTimer?()
      continuation?.resume(returning: result)
    }
  }
}

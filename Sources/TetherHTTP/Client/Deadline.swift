import TetherCore
import TetherSynchronization

/// Runs work against a deadline on a clock, and returns at the deadline whatever the work is
/// doing.
///
/// The work runs in its own task; a second task sleeps on the clock until the deadline. The
/// first to finish decides the result and cancels the other, so a transport stuck past the
/// deadline is cancelled and the caller gets ``HTTPError/timedOut(after:)`` on time, without
/// waiting for the transport to notice. Cancelling the caller returns ``HTTPError/cancelled``
/// at once, the same way.
enum Deadline {
  static func race<Value: Sendable>(
    _ limit: Duration, on clock: any TetherClock,
    _ work: @escaping @Sendable () async -> Result<Value, HTTPError>
  ) async -> Result<Value, HTTPError> {
    let race = Race<Value>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.wait(continuation)
        let worker = Task { race.finish(await work()) }
        let timer = Task {
          do {
            try await clock.sleep(for: limit)
            race.finish(.failure(.timedOut(after: limit)))
          } catch {
            // Cancelled: the work finished first.
          }
        }
        race.track(worker, timer)
      }
    } onCancel: {
      race.finish(.failure(.cancelled))
    }
  }

  /// The shared state of one race: who waits, who runs, and the first result.
  private final class Race<Value: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result<Value, HTTPError>, Never>?
      var result: Result<Value, HTTPError>?
      var tasks: [Task<Void, Never>] = []
    }

    private let state = SanitizerVisibleMutex(State())

    func wait(_ continuation: CheckedContinuation<Result<Value, HTTPError>, Never>) {
      let early = state.withLock { state -> Result<Value, HTTPError>? in
        if let result = state.result { return result }
        state.continuation = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }

    /// Remembers the racing tasks, cancelling them at once when the race is already decided.
    func track(_ tasks: Task<Void, Never>...) {
      let decided = state.withLock { state -> Bool in
        if state.result != nil { return true }
        state.tasks = tasks
        return false
      }
      if decided { for task in tasks { task.cancel() } }
    }

    /// Decides the race with `result` unless it is decided already.
    func finish(_ result: Result<Value, HTTPError>) {
      let (continuation, tasks) = state.withLock {
        state -> (CheckedContinuation<Result<Value, HTTPError>, Never>?, [Task<Void, Never>]) in
        guard state.result == nil else { return (nil, []) }
        state.result = result
        defer {
          state.continuation = nil
          state.tasks = []
        }
        return (state.continuation, state.tasks)
      }
      for task in tasks { task.cancel() }
      continuation?.resume(returning: result)
    }
  }
}

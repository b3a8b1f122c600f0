import TetherSynchronization

/// Counts the server's running event loops so shutdown can wait for the last one.
final class ServerLifecycle: Sendable {
  private struct State {
    var loops: Int
    var stopping = false
    var finished = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state: SanitizerVisibleMutex<State>
  /// Runs once, when stopping and the last loop has finished.
  private let onFinish: @Sendable () -> Void

  init(loops: Int, onFinish: @escaping @Sendable () -> Void) {
    state = SanitizerVisibleMutex(State(loops: loops))
    self.onFinish = onFinish
  }

  func loopFinished() {
    finishIfDone { $0.loops -= 1 }
  }

  func beginStopping() {
    finishIfDone { $0.stopping = true }
  }

  /// Returns once every loop has finished; call after `beginStopping()`.
  func waitUntilFinished() async {
    await withCheckedContinuation { continuation in
      let finished = state.withLock { state in
        if !state.finished { state.waiters.append(continuation) }
        return state.finished
      }
      if finished { continuation.resume() }
    }
  }

  private func finishIfDone(_ change: (inout State) -> Void) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
      change(&state)
      guard state.stopping, state.loops <= 0, !state.finished else { return nil }
      state.finished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return }
    onFinish()
    for waiter in waiters { waiter.resume() }
  }
}

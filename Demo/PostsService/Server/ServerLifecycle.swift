/// Counts the server's threads (the acceptor and one per connection) so shutdown can wait for
/// the last one, and enforces the connection limit.
final class ServerLifecycle: Sendable {
  private struct State {
    var connections = 0
    var acceptorRunning = true
    var stopping = false
    var finished = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = SanitizerVisibleMutex(State())
  private let maximumConnections: Int
  /// Runs once, when stopping and the last thread has finished.
  private let onFinish: @Sendable () -> Void

  init(maximumConnections: Int, onFinish: @escaping @Sendable () -> Void) {
    self.maximumConnections = maximumConnections
    self.onFinish = onFinish
  }

  /// Registers a new connection; `false` when the limit is reached (or the server is stopping).
  func openConnection() -> Bool {
    state.withLock { state in
      guard !state.stopping, state.connections < maximumConnections else { return false }
      state.connections += 1
      return true
    }
  }

  func closeConnection() {
    finishIfDone { $0.connections -= 1 }
  }

  func acceptorFinished() {
    finishIfDone { $0.acceptorRunning = false }
  }

  func beginStopping() {
    finishIfDone { $0.stopping = true }
  }

  /// Returns once every thread has finished; call after `beginStopping()`.
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
      guard state.stopping, !state.acceptorRunning, state.connections == 0, !state.finished else {
        return nil
      }
      state.finished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return }
    onFinish()
    for waiter in waiters { waiter.resume() }
  }
}

import TetherSynchronization

/// A latch that remembers a change until someone waits for it: a test fires it from a store's
/// or a loop's wake-up and awaits the next change with a bound of real time.
public final class ChangeSignal: Sendable {
  private struct State {
    var pending = false
    var waiter: CheckedContinuation<Bool, Never>?
  }

  private let state = SanitizerVisibleMutex(State())

  public init() {}

  public func fire() {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: true)
  }

  /// Returns true at the next change (at once if one happened since the last call), or false
  /// when none comes before a ``HangGuard`` of `limit` runs out.
  public func next(orGiveUpAfter limit: Duration) async -> Bool {
    let hangGuard = HangGuard(limit: limit)
    let timeout = Task {
      // Cancelled when the change came first: then it must not touch the next waiter.
      guard (try? await hangGuard.sleepUntilRunOut()) != nil else { return }
      let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: false)
    }
    defer { timeout.cancel() }
    return await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.pending {
          state.pending = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if ready { continuation.resume(returning: true) }
    }
  }
}

import TetherCore
import TetherSynchronization

/// The writes the model sends itself and shows when they return, so that a subscription that
/// shows every other saved write (a devtools retry) shows each run once: a run is claimed by
/// whoever sees it first, and never while the model's own call for those arguments is out.
final class OwnWrites<Arguments: Hashable & Sendable>: Sendable {
  private struct State {
    var sending: [Arguments: Int] = [:]
    var shown: Set<OperationRunID> = []
  }

  private let state = SanitizerVisibleMutex(State())

  /// The model starts sending `arguments`.
  func begin(_ arguments: Arguments) {
    state.withLock { $0.sending[arguments, default: 0] += 1 }
  }

  /// The model's call for `arguments` returned.
  func end(_ arguments: Arguments) {
    state.withLock { state in
      let count = (state.sending[arguments] ?? 1) - 1
      state.sending[arguments] = count > 0 ? count : nil
    }
  }

  /// The model shows the result of `run` itself.
  func markShown(_ run: OperationRunID) {
    state.withLock { _ = $0.shown.insert(run) }
  }

  /// Whether the subscription is to show `run`: not shown yet, and not the model's own call,
  /// which shows it when it returns.
  func claim(_ run: OperationRunID, arguments: Arguments) -> Bool {
    state.withLock { state in
      guard !state.shown.contains(run), state.sending[arguments] == nil else { return false }
      state.shown.insert(run)
      return true
    }
  }
}

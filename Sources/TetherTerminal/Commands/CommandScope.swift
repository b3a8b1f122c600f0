import TetherSynchronization

/// What commands belong to: a layer, a screen, a selection. Ending the scope with ``cancel()``
/// cancels every command started in it that is still running, and any started later at once,
/// and none of their messages is delivered.
///
/// ```swift
/// let detail = CommandScope()          // lives as long as the detail on screen
/// return .handled(running: loadComments.scoped(to: detail))
/// ...
/// detail.cancel()                      // the detail closed: its loading stops
/// ```
///
/// A ``LayerStack`` gives each layer a scope and ends it when the layer goes.
public final class CommandScope: Sendable {
  private struct State {
    var isCancelled = false
    var cancellers: [UInt64: @Sendable () -> Void] = [:]
  }

  private let state = SanitizerVisibleMutex(State())

  /// A scope that has not ended.
  public init() {}

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Ends the scope: cancels its running commands. Calling it again does nothing.
  public func cancel() {
    let cancellers = state.withLock { state in
      state.isCancelled = true
      defer { state.cancellers.removeAll() }
      return Array(state.cancellers.values)
    }
    for cancel in cancellers { cancel() }
  }

  /// Remembers how to cancel the running command `id`; false (and nothing remembered) when the
  /// scope has ended.
  func add(_ id: UInt64, cancel: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { state in
      guard !state.isCancelled else { return false }
      state.cancellers[id] = cancel
      return true
    }
  }

  /// Forgets the command `id`, which ended.
  func remove(_ id: UInt64) {
    _ = state.withLock { $0.cancellers.removeValue(forKey: id) }
  }
}

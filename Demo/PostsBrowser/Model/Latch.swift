import TetherSynchronization

/// A flag that is set once and stays set, shared between a store's handler and the screen.
final class Latch: Sendable {
  private let value = SanitizerVisibleMutex(false)

  var isSet: Bool { value.withLock { $0 } }

  func set() { value.withLock { $0 = true } }
}

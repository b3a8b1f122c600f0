import Foundation
import TetherSynchronization

/// Staleness as an event: when an observed value's stale time passes, the store gives its
/// subscribers its state again (now stale, by ``OperationState/isStale(at:)``) and tells the
/// client's listeners with ``OperationClientEvent/storeBecameStale(_:)``, as TanStack's
/// observers are told by their stale timeout.
///
/// The machine decides when the timer is armed, moved and cancelled (see
/// `StoreMachine.updateStaleTimer(freshUntil:)`); the store runs it on its clock. A store with the default
/// stale time of zero, or nobody observing it, never has a timer; the check on each delivered
/// change compares one optional date.
extension OperationStore {
  /// Starts the timer's task outside the lock; a timer replaced meanwhile is cancelled at once.
  func armStaleTimer(deadline: Date, generation: UInt64) {
    let clock = clock
    let task = Task { [weak self] in
      do { try await clock.sleep(until: deadline) } catch { return }
      self?.send(.staleTimerFired(generation))
    }
    let isCurrent = withStorage { storage in
      guard storage.machine.staleTimer?.generation == generation else { return false }
      storage.machine.staleTimer?.task = task
      return true
    }
    if !isCurrent { task.cancel() }
  }
}

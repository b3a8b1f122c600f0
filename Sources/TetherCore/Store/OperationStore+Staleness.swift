import Foundation
import TetherSynchronization

/// Staleness as an event: when an observed value's stale time passes, the store gives its
/// subscribers its state again (now stale, by ``OperationState/isStale(at:)``) and tells the
/// client's listeners with ``OperationClientEvent/storeBecameStale(_:)``, as TanStack's
/// observers are told by their stale timeout.
///
/// One timer per store, not one per subscriber as in TanStack: all of a store's subscribers
/// share its state, so one timer tells them all. It runs on the store's clock, is armed only
/// while the store has subscribers and a value that stays fresh for a while (a positive stale
/// time), is moved when new data arrives and cancelled when the last subscriber leaves. A store
/// with the default stale time of zero, or nobody observing it, never has a timer; the check on
/// each delivered change compares one optional date.
extension OperationStore {
  /// Arms, moves or cancels the stale timer to match the state; called on each change
  /// delivered to subscribers and when a subscriber arrives.
  @inlinable
  func updateStaleTimer(_ storage: inout Storage, effects: inout Effects) {
    let deadline = storage.state.freshUntil
    guard deadline != storage.staleTimer?.deadline else { return }
    rescheduleStaleTimer(to: deadline, in: &storage, effects: &effects)
  }

  /// Cancels the stale timer and, when `deadline` is still ahead, arms one for it.
  @usableFromInline
  func rescheduleStaleTimer(to deadline: Date?, in storage: inout Storage, effects: inout Effects) {
    if let task = storage.staleTimer?.task { effects.actions.append(.cancel(task)) }
    storage.staleTimer = nil
    guard let deadline, deadline > clock.now() else { return }
    let generation = Self.nextID()
    storage.staleTimer = StaleTimer(deadline: deadline, generation: generation)
    effects.actions.append(.armStaleTimer(deadline: deadline, generation: generation))
  }

  /// Starts the timer's task outside the lock; a timer replaced meanwhile is cancelled at once.
  @usableFromInline
  func armStaleTimer(deadline: Date, generation: UInt64) {
    let clock = clock
    let task = Task { [weak self] in
      do { try await clock.sleep(until: deadline) } catch { return }
      self?.staleTimerFired(generation)
    }
    let isCurrent = withStorage { storage in
      guard storage.staleTimer?.generation == generation else { return false }
      storage.staleTimer?.task = task
      return true
    }
    if !isCurrent { task.cancel() }
  }

  /// The stale time has passed: subscribers get the state again, listeners the event.
  @usableFromInline
  func staleTimerFired(_ generation: UInt64) {
    perform(
      update { storage, effects in
        guard storage.staleTimer?.generation == generation else { return }
        storage.staleTimer = nil
        guard !storage.subscribers.isEmpty else { return }
        guard storage.state.isStale(at: clock.now()) else {
          // The stale time grew meanwhile (a stale time computed from the state).
          updateStaleTimer(&storage, effects: &effects)
          return
        }
        storage.sequence += 1
        storage.outbox.append(.state(sequence: storage.sequence, target: nil, storage.state))
        if events?.isListening == true { storage.outbox.append(.becameStale) }
      })
  }
}

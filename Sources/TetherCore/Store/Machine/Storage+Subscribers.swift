import Foundation

/// The machine's transitions of subscribers coming and going, and of the stale timer that
/// tells them when a fresh value turns stale.
///
/// One stale timer per store, not one per subscriber as in TanStack: all of a store's
/// subscribers share its state, so one timer tells them all. It is armed only while the store
/// has subscribers and a value that stays fresh for a while (a positive stale time), moved
/// when new data arrives and cancelled when the last subscriber leaves.
extension OperationStore.Storage {
  /// A subscriber arrives: it gets the current state first; the first one starts watching
  /// rerun conditions, and a stale value is fetched.
  mutating func subscribe(_ subscriber: OperationStore.Subscriber) {
    subscriber.since = sequence
    subscribers.append(subscriber)
    unusedSince = nil
    outbox.append(.state(sequence: sequence, target: subscriber.id, state))
    // A subscriber coming or going changes the store for the client's listeners (the
    // devtools' subscriber counts and labels), as TanStack's observerAdded/observerRemoved.
    effects.changed = true
    if isListening { outbox.append(.subscriber(added: true)) }
    if subscribers.count == 1 { effects.gainedSubscribers = true }
    updateStaleTimer()
    startAutomaticRunIfNeeded(.subscribe)
  }

  /// A subscriber leaves; with the last one, the store stops watching its conditions and
  /// timer, cancels its own runs nobody awaits, and becomes a candidate for collection.
  mutating func unsubscribe(_ id: UInt64) {
    subscribers.removeAll { $0.id == id }
    effects.changed = true
    if isListening { outbox.append(.subscriber(added: false)) }
    guard subscribers.isEmpty else { return }
    unusedSince = now
    rescheduleStaleTimer(to: nil)
    effects.becameUnused = true
    if !conditionSubscriptions.isEmpty {
      effects.actions.append(.cancelSubscriptions(conditionSubscriptions))
      conditionSubscriptions = []
    }
    cancelRuns(reverting: true) { $0.isAutomatic && $0.waiters.isEmpty }
  }

  /// Arms, moves or cancels the stale timer to match the state; called on each change
  /// delivered to subscribers and when a subscriber arrives.
  @inlinable
  mutating func updateStaleTimer() {
    let deadline = state.freshUntil
    guard deadline != staleTimer?.deadline else { return }
    rescheduleStaleTimer(to: deadline)
  }

  /// Cancels the stale timer and, when `deadline` is still ahead, arms one for it.
  @usableFromInline
  mutating func rescheduleStaleTimer(to deadline: Date?) {
    if let task = staleTimer?.task { effects.actions.append(.cancel(task)) }
    staleTimer = nil
    guard let deadline, deadline > now else { return }
    let generation = nextTimerGeneration
    nextTimerGeneration += 1
    staleTimer = OperationStore.StaleTimer(deadline: deadline, generation: generation)
    effects.actions.append(.armStaleTimer(deadline: deadline, generation: generation))
  }

  /// The stale time has passed: subscribers get the state again, listeners the event.
  mutating func staleTimerFired(_ generation: UInt64) {
    guard staleTimer?.generation == generation else { return }
    staleTimer = nil
    guard !subscribers.isEmpty else { return }
    guard state.isStale(at: now) else {
      // The stale time grew meanwhile (a stale time computed from the state).
      updateStaleTimer()
      return
    }
    sequence += 1
    outbox.append(.state(sequence: sequence, target: nil, state))
    effects.changed = true
    if isListening { outbox.append(.becameStale) }
  }
}

import Foundation

/// The machine's part of subscribers coming and going, of the stale timer, and of a later
/// `store(for:)`.
extension StoreMachine {
  /// A subscriber arrives; it gets `state` first.
  mutating func subscribe(_ subscriber: StoreSubscriber, state: StateBox) {
    subscriber.since = sequence
    subscribers.append(subscriber)
    unusedSince = nil
    outbox.append(.state(sequence: sequence, target: subscriber.id, state))
    // A subscriber coming or going changes the store for the client's listeners (the
    // devtools' subscriber counts and labels), as TanStack's observerAdded/observerRemoved.
    effects.changed = true
    if isListening { outbox.append(.subscriber(added: true)) }
    if subscribers.count == 1 { effects.gainedSubscribers = true }
  }

  /// A subscriber leaves; returns whether it was the last one: the store stops watching its
  /// conditions and timer, and becomes a candidate for collection.
  mutating func unsubscribe(_ id: UInt64) -> Bool {
    subscribers.removeAll { $0.id == id }
    effects.changed = true
    if isListening { outbox.append(.subscriber(added: false)) }
    guard subscribers.isEmpty else { return false }
    unusedSince = now
    rescheduleStaleTimer(to: nil)
    effects.becameUnused = true
    if !conditionSubscriptions.isEmpty {
      effects.actions.append(.cancelSubscriptions(conditionSubscriptions))
      conditionSubscriptions = []
    }
    return true
  }

  /// Arms, moves or cancels the stale timer to match the state's `freshUntil`; called on each
  /// change delivered to subscribers and when a subscriber arrives.
  mutating func updateStaleTimer(freshUntil deadline: Date?) {
    guard deadline != staleTimer?.deadline else { return }
    rescheduleStaleTimer(to: deadline)
  }

  /// Cancels the stale timer and, when `deadline` is still ahead, arms one for it.
  mutating func rescheduleStaleTimer(to deadline: Date?) {
    if let task = staleTimer?.task { effects.actions.append(.cancel(task)) }
    staleTimer = nil
    guard let deadline, deadline > now else { return }
    let generation = nextTimerGeneration
    nextTimerGeneration += 1
    staleTimer = StaleTimer(deadline: deadline, generation: generation)
    effects.actions.append(.armStaleTimer(deadline: deadline, generation: generation))
  }

  /// The stale timer of `generation` is due; returns whether it is the current one and the
  /// store has subscribers to tell.
  mutating func staleTimerFired(_ generation: UInt64) -> Bool {
    guard staleTimer?.generation == generation else { return false }
    staleTimer = nil
    return !subscribers.isEmpty
  }

  /// The value turned stale: subscribers get `state` again, listeners the event.
  mutating func becameStale(_ state: StateBox) {
    sequence += 1
    outbox.append(.state(sequence: sequence, target: nil, state))
    effects.changed = true
    if isListening { outbox.append(.becameStale) }
  }

  /// Takes the settings of a later `store(for:)`: its run log capacity, if it names one, and
  /// the longest garbage-collection delay asked for.
  mutating func reconfigure(logCapacity: Int?, garbageCollectionDelay: Duration) {
    if let logCapacity, logCapacity != log.capacity { log.resize(to: logCapacity) }
    self.garbageCollectionDelay = max(self.garbageCollectionDelay, garbageCollectionDelay)
  }
}

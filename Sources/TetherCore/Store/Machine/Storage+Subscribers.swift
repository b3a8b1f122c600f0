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
    machine.subscribe(subscriber, state: TypedStateBox(state))
    machine.updateStaleTimer(freshUntil: state.freshUntil)
    startAutomaticRunIfNeeded(.subscribe)
  }

  /// A subscriber leaves; with the last one, the store stops watching its conditions and
  /// timer, cancels its own runs nobody awaits, and becomes a candidate for collection.
  mutating func unsubscribe(_ id: UInt64) {
    guard machine.unsubscribe(id) else { return }
    cancelRuns(reverting: true) { $0.isAutomatic && $0.waiters.isEmpty }
  }

  /// The stale time has passed: subscribers get the state again, listeners the event.
  mutating func staleTimerFired(_ generation: UInt64) {
    guard machine.staleTimerFired(generation) else { return }
    guard state.isStale(at: machine.now) else {
      // The stale time grew meanwhile (a stale time computed from the state).
      machine.updateStaleTimer(freshUntil: state.freshUntil)
      return
    }
    machine.becameStale(TypedStateBox(state))
  }
}

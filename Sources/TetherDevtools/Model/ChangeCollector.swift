import Foundation
import Synchronization
import TetherCore
import TetherSynchronization

/// What changed in a client since the loop last looked, gathered from its events on whatever
/// thread delivers them; one wake-up message stands for any number of changes.
final class ChangeCollector: Sendable {
  struct Changes: Sendable {
    var added: [ObjectIdentifier: any InspectableStore] = [:]
    var updated: Set<ObjectIdentifier> = []
    var removed: Set<ObjectIdentifier> = []
    var logged: Set<ObjectIdentifier> = []
    var network = false
    var generation: UInt64 = 0
    /// Values stores took, oldest first, for their histories.
    var values: [PendingValue] = []
  }

  /// A value a store took, not yet written to its history.
  struct PendingValue: Sendable {
    var store: ObjectIdentifier
    var value: any Sendable
    var date: Date
    var cause: HistoryEntry.Cause
  }

  /// The most values kept waiting while nobody takes them (the devtools off screen).
  static let pendingValueLimit = 65_536

  private let pending = SanitizerVisibleMutex(Changes())
  private let wakePending = Atomic(false)
  private let generationCounter = Atomic<UInt64>(0)
  /// Whether wake-ups are wanted (the devtools are on screen).
  let isActive = Atomic(true)
  private let wake: @Sendable () -> Void
  /// Where every event goes too.
  let events: EventLog?
  /// Whether values are taken for the stores' histories.
  let recordsValues: Bool
  /// The latest run of each store and its trigger, for the history's "what brought it".
  private let triggers = SanitizerVisibleMutex([ObjectIdentifier: (UInt64, RunTrigger)]())
  private let now: @Sendable () -> Date

  init(
    events: EventLog? = nil, recordsValues: Bool = false,
    now: @escaping @Sendable () -> Date = { Date() }, wake: @escaping @Sendable () -> Void
  ) {
    self.events = events
    self.recordsValues = recordsValues
    self.now = now
    self.wake = wake
  }

  /// The generation of the latest change; compare it to skip taking nothing.
  var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

  func record(_ event: OperationClientEvent) {
    events?.record(event, at: now())
    let value = recordsValues ? takenValue(event) : nil
    pending.withLock { changes in
      if let value {
        if changes.values.count >= Self.pendingValueLimit { changes.values.removeFirst() }
        changes.values.append(value)
      }
      switch event {
      case .storeAdded(let store):
        let id = ObjectIdentifier(store)
        changes.removed.remove(id)
        if let store = store as? any InspectableStore { changes.added[id] = store }
      case .storeUpdated(let store), .subscriberAdded(let store), .subscriberRemoved(let store),
        .storeBecameStale(let store):
        changes.updated.insert(ObjectIdentifier(store))
      case .storeRemoved(let store):
        let id = ObjectIdentifier(store)
        changes.added[id] = nil
        changes.updated.remove(id)
        changes.removed.insert(id)
        changes.values.removeAll { $0.store == id }
      case .runLogged(_, let store):
        changes.logged.insert(ObjectIdentifier(store))
      case .warning:
        break
      }
      changes.generation = generationCounter.add(1, ordering: .releasing).newValue
    }
    signal()
  }

  /// The value a run or a manual set gave a query, read from the store as the event arrives.
  private func takenValue(_ event: OperationClientEvent) -> PendingValue? {
    guard case .runLogged(let entry, let store) = event, entry.kind != .mutation else {
      if case .storeRemoved(let store) = event {
        _ = triggers.withLock { $0.removeValue(forKey: ObjectIdentifier(store)) }
      }
      return nil
    }
    let id = ObjectIdentifier(store)
    let cause: HistoryEntry.Cause
    switch entry.event {
    case .runStarted(let trigger, _):
      if let run = entry.run { triggers.withLock { $0[id] = (run.number, trigger) } }
      return nil
    case .succeeded:
      let latest = triggers.withLock { $0[id] }
      cause = .run(entry.run, trigger: latest?.0 == entry.run?.number ? latest?.1 : nil)
    case .yielded: cause = .yielded(entry.run)
    case .valueSet: cause = .manualSet
    default: return nil
    }
    guard let store = store as? any InspectableStore else { return nil }
    let snapshot = store.snapshot
    guard snapshot.hasValue, !snapshot.isPlaceholder else { return nil }
    return PendingValue(store: id, value: snapshot.currentValue, date: entry.date, cause: cause)
  }

  /// The network log has new records.
  func recordNetwork() {
    pending.withLock { changes in
      changes.network = true
      changes.generation = generationCounter.add(1, ordering: .releasing).newValue
    }
    signal()
  }

  /// Wakes the loop once for every change that follows the last ``take()``.
  func signal() {
    guard isActive.load(ordering: .relaxed) else { return }
    guard !wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
    wake()
  }

  /// Everything since the last call.
  func take() -> Changes {
    wakePending.store(false, ordering: .releasing)
    return pending.withLock { changes in
      defer { changes = Changes() }
      var taken = changes
      taken.generation = generationCounter.load(ordering: .acquiring)
      return taken
    }
  }
}

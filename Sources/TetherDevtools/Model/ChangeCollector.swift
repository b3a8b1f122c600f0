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
  }

  private let pending = SanitizerVisibleMutex(Changes())
  private let wakePending = Atomic(false)
  private let generationCounter = Atomic<UInt64>(0)
  /// Whether wake-ups are wanted (the devtools are on screen).
  let isActive = Atomic(true)
  private let wake: @Sendable () -> Void

  init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
  }

  /// The generation of the latest change; compare it to skip taking nothing.
  var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

  func record(_ event: OperationClientEvent) {
    pending.withLock { changes in
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
      case .runLogged(_, let store):
        changes.logged.insert(ObjectIdentifier(store))
      case .warning:
        break
      }
      changes.generation = generationCounter.add(1, ordering: .releasing).newValue
    }
    signal()
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

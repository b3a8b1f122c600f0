import Synchronization
import TetherSynchronization

/// A client's connectivity with a switch that makes it offline whatever the network says:
/// TanStack Devtools' "mock offline" (`onlineManager.setOnline(false)`), for seeing what
/// screens do offline without pulling a cable. Observers are told in the order they
/// subscribed, so runs paused offline go on in the order they paused.
final class MockableConnectivity: RunCondition {
  private struct State {
    var lastValue: Bool?
    var baseSubscription: OperationSubscription?
  }

  let base: any RunCondition
  // Read before every run in the `.online` network mode: an atomic, not a lock.
  private let mocked = Atomic(false)
  private let state = SanitizerVisibleMutex(State())
  private let listeners = Listeners<Bool>()

  init(_ base: any RunCondition) {
    self.base = base
  }

  var trigger: RunTrigger { base.trigger }

  /// Whether the switch says offline.
  var isMockedOffline: Bool { mocked.load(ordering: .acquiring) }

  func isSatisfied(in context: OperationContext) -> Bool {
    !mocked.load(ordering: .acquiring) && base.isSatisfied(in: context)
  }

  /// Turns the switch; observers are told if the condition changed.
  func mockOffline(_ offline: Bool, in context: OperationContext) {
    guard mocked.exchange(offline, ordering: .acquiringAndReleasing) != offline else { return }
    notify(isSatisfied(in: context))
  }

  func subscribe(
    in context: OperationContext, onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    let subscription = listeners.subscribe(onChange)
    let needsBase = state.withLock { state in
      // Until the base is watched, the last value told may be out of date.
      if state.baseSubscription == nil { state.lastValue = isSatisfied(in: context) }
      return state.baseSubscription == nil
    }
    if needsBase {
      let baseSubscription = base.subscribe(in: context) { [weak self] _ in
        guard let self else { return }
        notify(isSatisfied(in: context))
      }
      let duplicate = state.withLock { state -> Bool in
        guard state.baseSubscription == nil else { return true }
        state.baseSubscription = baseSubscription
        return false
      }
      if duplicate {
        baseSubscription.cancel()
      } else {
        // A change between reading the value above and watching the base told no one.
        notify(isSatisfied(in: context))
      }
    }
    return subscription
  }

  private func notify(_ value: Bool) {
    let changed = state.withLock { state in
      defer { state.lastValue = value }
      return state.lastValue != value
    }
    if changed { listeners.notify(value) }
  }
}

extension OperationClient {
  /// Whether the client acts as if the network were unreachable, whatever its connectivity
  /// says — TanStack Devtools' "mock offline". Queries in the `.online` network mode pause
  /// (fetch status `paused`), mutations queue; set it back to false and what paused goes on,
  /// in the order it paused, and observed stale queries refetch as on a reconnection.
  public var isOfflineMocked: Bool {
    get { (context.connectivity as? MockableConnectivity)?.isMockedOffline ?? false }
    set { (context.connectivity as? MockableConnectivity)?.mockOffline(newValue, in: context) }
  }
}

import Observation
import TetherSynchronization

/// One projection of a store's state as an `Observable` model: its ``value`` changes, and
/// observation fires, only when the projection of a new state differs (TanStack's `select`).
///
/// ```swift
/// let title = ObservedProjection(client.store(for: postQuery(42))) { $0.currentValue?.title }
/// withObservationTracking { draw(title.value) } onChange: { requestRedraw() }
/// ```
///
/// It is a subscriber for its lifetime, as ``ObservedStore`` is, and `onChange` fires on the
/// thread that delivers the store's changes.
public final class ObservedProjection<State: OperationState, Value: Equatable & Sendable>:
  Observable, Sendable
{
  /// The observed store, for fetching and other actions.
  public let store: OperationStore<State>
  private let registrar = ObservationRegistrar()
  private let latest: SanitizerVisibleMutex<(value: Value, revision: UInt64)>
  private let subscription = SanitizerVisibleMutex<OperationSubscription?>(nil)

  /// Observes `projection` of `store`'s state until this model is released.
  public init(
    _ store: OperationStore<State>, select projection: @escaping @Sendable (State) -> Value
  ) {
    self.store = store
    self.latest = SanitizerVisibleMutex((projection(store.state), 0))
    let subscription = store.subscribe(select: projection) { [weak self] value in
      self?.receive(value)
    }
    self.subscription.withLock { $0 = subscription }
  }

  /// The projection of the store's latest state.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return latest.withLock { $0.value }
  }

  /// How many times ``value`` changed; reading it is not tracked by observation.
  public var revision: UInt64 { latest.withLock { $0.revision } }

  private func receive(_ value: Value) {
    let changed = latest.withLock { $0.value != value }
    guard changed else { return }
    registrar.withMutation(of: self, keyPath: \.value) {
      latest.withLock { latest in
        latest.value = value
        latest.revision &+= 1
      }
    }
  }
}

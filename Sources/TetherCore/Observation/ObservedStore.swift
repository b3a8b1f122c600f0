import Observation
import TetherSynchronization

/// A store's latest state as an `Observable` model, for front ends that render with Swift
/// Observation.
///
/// It subscribes to the store for its lifetime, so it counts as a subscriber: a stale store
/// fetches when the model is created, and its automatic fetch is cancelled when the last
/// model goes away.
///
/// ```swift
/// let post = ObservedStore(client.store(for: postQuery(42)))
/// withObservationTracking {
///   draw(post.state)
/// } onChange: {
///   requestRedraw()   // called on the thread delivering the store's changes
/// }
/// ```
///
/// `state` is updated synchronously by the thread that delivers the store's changes, in order:
/// the thread that made a change, or another thread already delivering that store's changes
/// (see ``OperationStore``). Observation's `onChange` fires on that thread, so hop to your UI
/// thread or actor before drawing. Reading `state` is safe from any thread.
///
/// `withObservationTracking` installs its observers only after its `apply` closure returns,
/// so a change made by another thread while `apply` draws is not reported. Compare
/// ``revision`` before and after to catch it:
///
/// ```swift
/// let seen = post.revision
/// withObservationTracking { draw(post.state) } onChange: { requestRedraw() }
/// if post.revision != seen { requestRedraw() }   // changed while drawing
/// ```
public final class ObservedStore<State: OperationState>: Observable, Sendable {
  /// The observed store, for fetching and other actions.
  public let store: OperationStore<State>
  private let registrar = ObservationRegistrar()
  private let latest: SanitizerVisibleMutex<(state: State, revision: UInt64)>
  private let subscription = SanitizerVisibleMutex<OperationSubscription?>(nil)

  /// Observes `store` until this model is released.
  public init(_ store: OperationStore<State>) {
    self.store = store
    self.latest = SanitizerVisibleMutex((store.state, 0))
    let subscription = store.subscribe { [weak self] state in self?.receive(state) }
    self.subscription.withLock { $0 = subscription }
  }

  /// The store's latest state.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return latest.withLock { $0.state }
  }

  /// How many states the model has received; it changes with every state, and reading it is
  /// not tracked by observation.
  public var revision: UInt64 { latest.withLock { $0.revision } }

  private func receive(_ state: State) {
    registrar.withMutation(of: self, keyPath: \.state) {
      latest.withLock { latest in
        latest.state = state
        latest.revision &+= 1
      }
    }
  }
}

import Observation
import TetherSynchronization

/// One value derived from several stores, as an `Observable` model that updates when any of
/// them changes what it derives (TanStack's `useQueries` with `combine`).
///
/// ```swift
/// let header = CombinedStores(client.store(for: user), client.store(for: unread)) {
///   user, unread in
///   Header(name: user.currentValue?.name, unread: unread.currentValue ?? 0,
///     isLoading: user.isLoading || unread.isLoading)
/// }
/// withObservationTracking { draw(header.value) } onChange: { requestRedraw() }
/// ```
///
/// `combine` runs with the latest state of every store each time one of them changes, under
/// the model's lock, so two stores changing at once on two threads are combined one after the
/// other and never from a mix of old and new states; ``value`` and observation change only
/// when the combined value differs (by `==`). It subscribes to every store for its lifetime.
public final class CombinedStores<Value: Equatable & Sendable>: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  /// The combined value, how many times it changed, and the generation of the combination
  /// it comes from (a later combination always wins over an earlier one).
  private let latest: SanitizerVisibleMutex<(value: Value, revision: UInt64, generation: UInt64)>
  private let subscriptions = SanitizerVisibleMutex<[OperationSubscription]>([])
  private let recompute = SanitizerVisibleMutex<
    (read: (@Sendable () -> Value)?, generation: UInt64)
  >(
    (nil, 0))

  /// Combines the states of `stores` with `combine` until this model is released.
  public init<each State: OperationState>(
    _ stores: repeat OperationStore<each State>,
    combine: @escaping @Sendable (repeat each State) -> Value
  ) {
    let read: @Sendable () -> Value = { combine(repeat (each stores).state) }
    latest = SanitizerVisibleMutex((read(), 0, 0))
    recompute.withLock { $0.read = read }
    var made: [OperationSubscription] = []
    for store in repeat each stores {
      made.append(store.subscribe { [weak self] _ in self?.inputChanged() })
    }
    subscriptions.withLock { $0 = made }
  }

  /// The combined value of the stores' latest states.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return latest.withLock { $0.value }
  }

  /// How many times ``value`` changed; reading it is not tracked by observation.
  public var revision: UInt64 { latest.withLock { $0.revision } }

  private func inputChanged() {
    // Combined in turn, under one lock, and numbered: of two combinations made at once on two
    // threads, the later one is kept even if it is written first.
    let combined = recompute.withLock { recompute -> (Value, UInt64)? in
      guard let read = recompute.read else { return nil }
      recompute.generation += 1
      return (read(), recompute.generation)
    }
    guard let (value, generation) = combined else { return }
    let changes = latest.withLock { latest -> Bool in
      guard generation > latest.generation else { return false }
      guard latest.value != value else {
        latest.generation = generation
        return false
      }
      return true
    }
    guard changes else { return }
    registrar.withMutation(of: self, keyPath: \.value) {
      latest.withLock { latest in
        guard generation > latest.generation else { return }
        latest.value = value
        latest.revision &+= 1
        latest.generation = generation
      }
    }
  }
}

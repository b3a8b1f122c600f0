import Foundation
import TetherSynchronization

/// Subscribing: handlers and `AsyncSequence`s of states, and what a store does when its first
/// subscriber arrives (fetch a stale value, watch rerun conditions) and its last one leaves
/// (cancel its own fetch, stop watching, become a candidate for garbage collection).
extension OperationStore {
  /// Calls `handler` with the current state, then with every change, until the subscription
  /// ends. Subscribing to a stale store starts a fetch unless automatic running is off; when
  /// the last subscriber leaves, that automatic fetch is cancelled.
  ///
  /// **When the last subscriber leaves**, decided case by case:
  /// - the store's own run (started for subscribers, a rerun condition, invalidation) that no
  ///   caller awaits is cancelled, its retries with it, and what it yielded is reverted:
  ///   nobody wants its result. TanStack cancels such a fetch only when its function read the
  ///   abort signal, and otherwise lets it finish so that the next subscriber joins it; every
  ///   Swift operation is cancellable (the HTTP client aborts the request), so ours always
  ///   saves the request, and a subscriber that arrives later starts a new fetch only if the
  ///   value is stale.
  /// - a run a caller awaits (`fetch()`, a prefetch in a task, `refetch()`) is not cancelled:
  ///   its caller wants it, and the next subscriber joins it.
  ///
  /// See the type's documentation for the thread `handler` is called on.
  public func subscribe(_ handler: @escaping @Sendable (State) -> Void) -> OperationSubscription {
    subscribe(Subscriber(handler))
  }

  /// Subscribes a projected subscriber (`subscribe(select:onChange:)`): `project` is given
  /// each state `inout` where the store keeps it, so that it is not copied (see
  /// `Subscriber.project`).
  @usableFromInline
  func projectedSubscription(_ project: @escaping @Sendable (inout State) -> Void)
    -> OperationSubscription
  {
    subscribe(Subscriber(project: project))
  }

  /// Subscribes `subscriber`, a plain one or a projected one.
  func subscribe(_ subscriber: Subscriber) -> OperationSubscription {
    let id = Self.nextID()
    subscriber.id = id
    send(.subscribe(subscriber))
    return OperationSubscription { [weak self] in self?.unsubscribe(id) }
  }

  /// Every state of the store, starting with the current one, as an `AsyncSequence`. The
  /// sequence is a subscription: it starts a fetch of a stale store, and ends when the
  /// iterating task is cancelled.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self)
    let subscription = subscribe { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  private func unsubscribe(_ id: UInt64) {
    send(.unsubscribe(id))
  }

  /// The first subscriber arrived: watch the rerun conditions, and tell the client.
  func didGainSubscribers() {
    subscribeToRerunConditions()
    client?.storeGainedSubscribers()
  }

  private func subscribeToRerunConditions() {
    let context = context
    let conditions = context.options.rerunConditions
    guard !conditions.isEmpty else { return }
    let subscriptions = conditions.map { condition in
      let trigger = condition.trigger
      return condition.subscribe(in: context) { [weak self] isSatisfied in
        if isSatisfied { self?.rerun(trigger) }
      }
    }
    let keep = withStorage { storage in
      guard storage.machine.hasSubscribers else { return false }
      storage.machine.conditionSubscriptions += subscriptions
      return true
    }
    if !keep {
      for subscription in subscriptions { subscription.cancel() }
    }
  }
}

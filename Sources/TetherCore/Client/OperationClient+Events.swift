import Foundation

/// The client's events, warnings, garbage collection and reconnection.
extension OperationClient {
  // MARK: Events

  /// Calls `handler` for every store added, updated and removed, every run log entry and
  /// every warning, until the subscription ends.
  ///
  /// A store's events reach `handler` in order, after its subscribers have seen the change
  /// and before callers waiting for it are resumed; like a store's subscribers, `handler`
  /// runs on the thread delivering that store's changes (see ``OperationStore``).
  public func subscribeToEvents(
    _ handler: @escaping @Sendable (OperationClientEvent) -> Void
  ) -> OperationSubscription {
    eventHub.subscribe(handler)
  }

  /// Every event, as an `AsyncSequence`.
  public var events: AsyncStream<OperationClientEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: OperationClientEvent.self)
    let subscription = subscribeToEvents { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// Reports a misuse to the warning handler and the event stream.
  func warn(_ message: String, at path: OperationPath) {
    defaults.warningHandler?(message)
    eventHub.emit(.warning(message, path: path))
  }

  // MARK: Garbage collection

  /// A store lost its last subscriber: it is removed after its delay unless one comes back.
  func storeBecameUnused(_ store: some ManagedStore) {
    collector.schedule(
      store, at: store.path, isMutation: store.kind == .mutation,
      deadline: clock.now().adding(store.garbageCollectionDelay))
  }

  func collect(_ candidate: GarbageCollector.Candidate) {
    enum Decision {
      case keep
      case remove(any ManagedStore)
      case later(any ManagedStore, Date)
    }
    let now = clock.now()
    let decision = withTable(candidate.isMutation) { table -> Decision in
      guard let store = table.store(at: candidate.path),
        ObjectIdentifier(store) == candidate.store, let unusedSince = store.unusedSince
      else { return .keep }
      let due = unusedSince.adding(store.garbageCollectionDelay)
      if due > now { return .later(store, due) }
      if store.isRunning { return .later(store, now.adding(store.garbageCollectionDelay)) }
      table.remove(at: candidate.path)
      return .remove(store)
    }
    switch decision {
    case .keep:
      break
    case .later(let store, let deadline):
      collector.schedule(
        store, at: candidate.path, isMutation: candidate.isMutation, deadline: deadline)
    case .remove(let store):
      eventHub.emit(.storeRemoved(store))
      store.markChanged()
    }
  }

  // MARK: Reconnection

  /// A store got its first subscriber: from now on the client watches the connectivity, so
  /// that observed stale queries refetch when the network comes back.
  func storeGainedSubscribers() {
    let isWatching = reconnection.withLock { $0 != nil }
    guard !isWatching else { return }
    let subscription = context.connectivity.subscribe(in: context) { [weak self] isOnline in
      if isOnline { self?.reconnected() }
    }
    let duplicate = reconnection.withLock { current -> Bool in
      guard current == nil else { return true }
      current = subscription
      return false
    }
    if duplicate { subscription.cancel() }
  }

  /// The network is back: runs paused for it go on by themselves; observed stale queries
  /// refetch (TanStack's `refetchOnReconnect`), except those in the `.always` network mode.
  func reconnected() {
    for store in managedStores(matching: []) where store.subscriberCount > 0 {
      store.rerun(.reconnect)
    }
  }
}

import Foundation
import Synchronization
import TetherSynchronization

/// Keeps one store per operation path, so two screens asking for the same operation share one
/// store and one fetch; finds, invalidates, refetches, cancels, resets and removes stores by
/// path prefix; collects stores nobody observes; and reports every store change.
///
/// ```swift
/// let client = OperationClient()
/// let feed = client.store(for: postsFeed)
/// let post = client.store(for: postQuery(42))
/// client.invalidate(matching: ["posts"])      // every store whose path starts with "posts"
/// ```
public final class OperationClient: Sendable {
  /// The context every operation runs with (its clock first of all).
  public let context: OperationContext
  /// What every operation gets unless it says otherwise.
  public let defaults: OperationDefaults
  private let table = SanitizerVisibleMutex(StoreTable())
  private let listeners = SanitizerVisibleMutex(
    [UInt64: @Sendable (OperationClientEvent) -> Void]())
  private let hasListeners = Atomic(false)
  private let nextListenerID = Atomic<UInt64>(0)
  private let collector: GarbageCollector

  /// A client whose operations run with `context` and get `defaults`.
  public init(
    context: OperationContext = OperationContext(),
    defaults: OperationDefaults = OperationDefaults()
  ) {
    self.context = context
    self.defaults = defaults
    let collection = SanitizerVisibleMutex<(@Sendable (GarbageCollector.Candidate) -> Void)?>(nil)
    self.collector = GarbageCollector(delay: defaults.garbageCollectionDelay, clock: context.clock)
    {
      candidate in collection.withLock { $0 }?(candidate)
    }
    collection.withLock { $0 = { [weak self] in self?.collect($0) } }
  }

  /// A client whose operations run on `clock`.
  public convenience init(
    clock: any TetherClock, defaults: OperationDefaults = OperationDefaults()
  ) {
    self.init(context: OperationContext(clock: clock), defaults: defaults)
  }

  deinit { collector.stop() }

  /// The clock every operation of this client reads.
  public var clock: any TetherClock { context.clock }

  // MARK: Stores

  /// The store for `query`, created on first use.
  public func store<Request: QueryRequest>(
    for query: Request
  ) -> OperationStore<QueryState<Request.Value, Request.Failure>> {
    store(
      for: query, retryLimit: defaults.queryRetryLimit, deduplicates: defaults.deduplicatesQueries)
  }

  /// The store for a paginated query, created on first use.
  public func store<Request: PaginatedRequest>(
    for query: Request
  ) -> OperationStore<PaginatedState<Request.PageID, Request.PageValue, Request.Failure>> {
    store(
      for: query, retryLimit: defaults.queryRetryLimit, deduplicates: defaults.deduplicatesQueries)
  }

  /// The store for `mutation`, created on first use.
  public func store<Request: MutationRequest>(
    for mutation: Request
  ) -> OperationStore<MutationState<Request.Arguments, Request.Value, Request.Failure>> {
    store(for: mutation, retryLimit: defaults.mutationRetryLimit, deduplicates: false)
  }

  /// The store at exactly `path`, if there is one.
  public func store(at path: OperationPath) -> (any OperationStoreProtocol)? {
    table.withLock { $0.store(at: path) }
  }

  /// Every store whose path starts with `prefix`; the empty path matches every store.
  public func stores(matching prefix: OperationPath = []) -> [any OperationStoreProtocol] {
    table.withLock { $0.stores(matching: prefix) }
  }

  /// How many stores the client holds.
  public var storeCount: Int { table.withLock { $0.count } }

  private func store<Operation: OperationRequest, State: OperationState>(
    for operation: Operation, retryLimit: Int, deduplicates: Bool
  ) -> OperationStore<State>
  where State.OperationValue == Operation.Value, State.Failure == Operation.Failure {
    let path = operation.path
    if let existing = table.withLock({ $0.store(at: path) }) {
      return typed(existing, as: State.self)
    }
    let created = makeStore(
      for: operation, as: State.self, retryLimit: retryLimit, deduplicates: deduplicates)
    let existing = table.withLock { table -> (any OperationStoreProtocol)? in
      if let existing = table.store(at: path) { return existing }
      table.insert(created, at: path)
      return nil
    }
    if let existing { return typed(existing, as: State.self) }
    emit(.storeAdded(created))
    collector.schedule(created, at: path)
    return created
  }

  private func makeStore<Operation: OperationRequest, State: OperationState>(
    for operation: Operation, as: State.Type, retryLimit: Int, deduplicates: Bool
  ) -> OperationStore<State>
  where State.OperationValue == Operation.Value, State.Failure == Operation.Failure {
    var probe = context
    operation.setup(context: &probe)
    let runnable: any OperationRequest<Operation.Value, Operation.Failure> =
      probe.retryLimit == nil
      ? operation.retry(limit: retryLimit, backoff: defaults.backoff) : operation
    var context = context
    context.path = operation.path
    runnable.setup(context: &context)
    context.staleness = context.staleness ?? .after(defaults.staleDuration)
    context.deduplicates = context.deduplicates ?? deduplicates
    let observer = StoreObserver(
      storeDidChange: { [weak self] store in self?.storeDidChange(store) },
      storeBecameUnused: { [weak self] store in self?.collector.schedule(store, at: store.path) })
    return OperationStore(operation: runnable, context: context, observer: observer)
  }

  private func typed<State: OperationState>(
    _ store: any OperationStoreProtocol, as: State.Type
  ) -> OperationStore<State> {
    guard let typed = store as? OperationStore<State> else {
      preconditionFailure(
        "the store at \(store.path) holds \(type(of: store)), not OperationStore<\(State.self)>")
    }
    return typed
  }

  // MARK: Acting on stores by prefix

  /// Invalidates every store under `prefix`: those with subscribers refetch at once, the others
  /// are stale until they are next used.
  public func invalidate(matching prefix: OperationPath = []) {
    for store in stores(matching: prefix) { store.invalidate() }
  }

  /// Refetches every store under `prefix` concurrently and returns when all are done; each
  /// result, or failure, lands in its store's state.
  public func refetch(matching prefix: OperationPath = []) async {
    await withTaskGroup(of: Void.self) { group in
      for store in stores(matching: prefix) {
        group.addTask { try? await store.refetch() }
      }
    }
  }

  /// Cancels the runs in flight of every store under `prefix`.
  public func cancel(matching prefix: OperationPath = []) {
    for store in stores(matching: prefix) { store.cancel() }
  }

  /// Resets every store under `prefix` to its state before the first run.
  public func reset(matching prefix: OperationPath = []) {
    for store in stores(matching: prefix) { store.reset() }
  }

  /// Removes every store under `prefix` from the client, cancelling their runs. Whoever still
  /// holds one of them keeps a working store that the client no longer knows.
  public func remove(matching prefix: OperationPath = []) {
    let removed = table.withLock { table in
      let stores = table.stores(matching: prefix)
      for store in stores { table.remove(at: store.path) }
      return stores
    }
    finishRemoving(removed)
  }

  /// Removes the store at exactly `path`, if there is one, cancelling its runs.
  public func remove(at path: OperationPath) {
    let removed = table.withLock { $0.remove(at: path) }
    finishRemoving(removed.map { [$0] } ?? [])
  }

  private func finishRemoving(_ stores: [any OperationStoreProtocol]) {
    for store in stores {
      store.cancel()
      emit(.storeRemoved(store))
    }
  }

  private func collect(_ candidate: GarbageCollector.Candidate) {
    enum Decision {
      case keep
      case remove(any OperationStoreProtocol)
      case later(any OperationStoreProtocol)
    }
    let decision = table.withLock { table -> Decision in
      guard let store = table.store(at: candidate.path),
        ObjectIdentifier(store) == candidate.store, store.subscriberCount == 0
      else { return .keep }
      if store.snapshot.isLoading { return .later(store) }
      table.remove(at: candidate.path)
      return .remove(store)
    }
    switch decision {
    case .keep: break
    case .later(let store): collector.schedule(store, at: candidate.path)
    case .remove(let store): emit(.storeRemoved(store))
    }
  }

  // MARK: Events

  /// Calls `handler` for every store added, updated and removed, on the thread that made the
  /// change, until the subscription ends.
  public func subscribeToEvents(
    _ handler: @escaping @Sendable (OperationClientEvent) -> Void
  ) -> OperationSubscription {
    let id = nextListenerID.add(1, ordering: .relaxed).newValue
    listeners.withLock { listeners in
      listeners[id] = handler
      hasListeners.store(true, ordering: .releasing)
    }
    return OperationSubscription { [weak self] in
      guard let self else { return }
      listeners.withLock { listeners in
        listeners[id] = nil
        hasListeners.store(!listeners.isEmpty, ordering: .releasing)
      }
    }
  }

  /// Every store added, updated and removed, as an `AsyncSequence`.
  public var events: AsyncStream<OperationClientEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: OperationClientEvent.self)
    let subscription = subscribeToEvents { continuation.yield($0) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  private func storeDidChange(_ store: any OperationStoreProtocol) {
    emit(.storeUpdated(store))
  }

  private func emit(_ event: OperationClientEvent) {
    guard hasListeners.load(ordering: .acquiring) else { return }
    let handlers = listeners.withLock { Array($0.values) }
    for handler in handlers { handler(event) }
  }
}

import Foundation
import Synchronization
import TetherSynchronization

/// Keeps one store per operation path — queries and paginated queries in one table, mutations
/// in another — so two screens asking for the same operation share one store and one fetch;
/// finds, invalidates, refetches, cancels, resets, updates and removes query stores by path
/// prefix; runs mutation scopes; refetches what is stale and observed when the network comes
/// back; collects stores nobody observes; and reports every store change and run log entry.
///
/// ```swift
/// let client = OperationClient()
/// let feed = client.store(for: postsFeed)
/// let post = client.store(for: postQuery(42))
/// client.invalidate(matching: ["posts"])      // every query whose path starts with "posts"
/// ```
///
/// **A second `store(for:)` of a path** returns the same store, and — as in TanStack Query,
/// where the latest observer's options win — the operation it is given (its closure and
/// modifiers: retries, timeout, staleness, network mode, `enabled`, placeholder) is the one
/// the store's next run uses; runs in flight keep theirs. Rerun conditions, which the store
/// watches while it has subscribers, stay those of the first operation. The garbage-collection
/// delay is the longest any `store(for:)` asked for. When the operation's type differs (other
/// modifiers), the client warns once per store, naming the path, through
/// `OperationDefaults.warningHandler` and a `.warning` event.
public final class OperationClient: Sendable {
  /// The context every operation runs with (its clock and connectivity first of all).
  public let context: OperationContext
  /// What every operation gets unless it says otherwise.
  public let defaults: OperationDefaults
  let queries = SanitizerVisibleMutex(StoreTable())
  let mutations = SanitizerVisibleMutex(StoreTable())
  let eventHub = ClientEventHub()
  let reference = ClientReference()
  let scopes = MutationScopes()
  let collector: GarbageCollector
  /// `defaults.garbageCollectionDelay` in seconds, converted once: converting a `Duration` was
  /// a tenth of making a store.
  let defaultCollectionInterval: TimeInterval
  let reconnection = SanitizerVisibleMutex<OperationSubscription?>(nil)
  /// Snapshots restored by `hydrate` whose stores are not made yet.
  let restoredSnapshots = SanitizerVisibleMutex(RestoredSnapshots())

  /// A client whose operations run with `context` and get `defaults`.
  public init(
    context: OperationContext = OperationContext(),
    defaults: OperationDefaults = OperationDefaults()
  ) {
    var context = context
    // The switch of `isOfflineMocked`: one atomic load more before a run.
    context.connectivity = MockableConnectivity(context.connectivity)
    self.context = context
    self.defaults = defaults
    self.defaultCollectionInterval = defaults.garbageCollectionDelay.timeInterval
    // The collector is made before `self` exists, so it reaches the client through a weak
    // reference set once `self` does.
    let target = CollectionTarget()
    self.collector = GarbageCollector(clock: context.clock) { candidate in
      target.client?.collect(candidate)
    }
    reference.attach(self)
    target.client = self
  }

  /// A client whose operations run on `clock`, with `connectivity` (the kernel's view of the
  /// network by default; tests pass a ``ManualCondition``) and `focus` (whether the
  /// application has focus; retries wait while it does not), if the front end knows it.
  public convenience init(
    clock: any TetherClock,
    connectivity: any RunCondition = NetworkConnectivity.shared,
    focus: (any RunCondition)? = nil,
    defaults: OperationDefaults = OperationDefaults()
  ) {
    self.init(
      context: OperationContext(clock: clock, connectivity: connectivity, focus: focus),
      defaults: defaults)
  }

  deinit {
    collector.stop()
    reconnection.withLock { $0 }?.cancel()
  }

  /// The clock every operation of this client reads.
  public var clock: any TetherClock { context.clock }

  // MARK: Stores

  /// The store for `query`, created on first use; a later call with the same path returns
  /// the same store, whose next run uses this `query` (see the type's documentation).
  @inlinable
  public func store<Request: QueryRequest>(
    for query: Request
  ) -> OperationStore<QueryState<Request.Value, Request.Failure>> {
    // Inlined where it is called, so that what depends on the query's types — the operation
    // and its modifiers, the state taking a run's start and end — is specialised for them;
    // the store's code, compiled once, calls them through the configuration.
    typealias Value = Request.Value
    typealias Failure = Request.Failure
    let (context, isRetriedByDefault) = context(
      for: query, retryLimit: defaults.queryRetryLimit,
      deduplicates: defaults.deduplicatesQueries)
    // The task of a run: the operation with its context — both kept by the closure, so that
    // a run copies neither — then the record of its end.
    func start<Operation: QueryRequest<Value, Failure>>(_ operation: Operation)
      -> @Sendable (
        OperationStore<QueryState<Value, Failure>>, OperationRunID, (any Sendable)?
      ) -> Task<Void, Never>
    {
      { store, id, _ in
        Task.immediate {
          let result: Result<Value, Failure>
          let failure: Failure?
          do throws(Failure) {
            result = .success(
              try await operation.run((), in: context, with: store.continuation(for: id)))
            failure = nil
          } catch {
            result = .failure(error)
            failure = error
          }
          // Boxed as `RunOutcome` does, here, where the result's type is known.
          let outcome = ManagedBuffer<Result<Value, Failure>, Void>.create(minimumCapacity: 0) {
            _ in result
          }
          store.finish(id, outcome: outcome, failure: failure) { state, date in
            state.apply(.runFinished(id, result, date: date))
          }
        }
      }
    }
    return queryStore(
      at: query.path, context: context, operationType: Request.self,
      start: isRetriedByDefault
        ? start(query.retry(limit: defaults.queryRetryLimit, backoff: defaults.backoff))
        : start(query),
      started: { state, id, _, date in state.apply(.runStarted(id, input: (), date: date)) })
  }

  /// The query store at `path`, made or reconfigured with the configuration of `context`,
  /// showing the placeholder its operation sets. Compiled once: only what depends on the
  /// query's types is made where `store(for:)` is called — the task of a run (`start`) and
  /// the state taking a run's start (`started`); see `OperationStore.Configuration`.
  @usableFromInline
  func queryStore<Value: Sendable, Failure: Error>(
    at path: OperationPath,
    context: OperationContext,
    operationType: any Any.Type,
    start:
      @escaping @Sendable (
        OperationStore<QueryState<Value, Failure>>, OperationRunID, (any Sendable)?
      )
      -> Task<Void, Never>,
    started:
      @escaping @Sendable (inout QueryState<Value, Failure>, OperationRunID, (any Sendable)?, Date)
      -> Void
  ) -> OperationStore<QueryState<Value, Failure>> {
    let configuration = OperationStore<QueryState<Value, Failure>>.Configuration(
      context: context, operationType: operationType, start: start, started: started)
    let store = store(with: configuration, at: path, isMutation: false)
    if !context.values.isEmpty, let placeholder = context[PlaceholderKey<Value>.self] {
      showPlaceholder(placeholder, in: store)
    }
    return store
  }

  /// The store for `query`, showing `placeholder` until it has a value of its own — for
  /// example the post taken from a feed page already loaded. The placeholder is never the
  /// store's value (see ``QueryState/isPlaceholder``).
  ///
  /// ```swift
  /// let post = client.store(for: postQuery(id), placeholder: feedPosts.first { $0.id == id })
  /// ```
  public func store<Request: QueryRequest>(
    for query: Request, placeholder: @autoclosure () -> Request.Value?
  ) -> OperationStore<QueryState<Request.Value, Request.Failure>> {
    let store = store(for: query)
    if !store.state.hasValue, let placeholder = placeholder() {
      store.setPlaceholder(placeholder)
    }
    return store
  }

  /// The store for a paginated query, created on first use.
  public func store<Request: PaginatedRequest>(
    for query: Request
  ) -> OperationStore<PaginatedState<Request.PageID, Request.PageValue, Request.Failure>> {
    let configuration = makeConfiguration(
      for: query,
      as: PaginatedState<Request.PageID, Request.PageValue, Request.Failure>.self,
      retryLimit: defaults.queryRetryLimit, deduplicates: defaults.deduplicatesQueries)
    return store(with: configuration, at: query.path, isMutation: false)
  }

  /// The store for `mutation`, created on first use, in the client's table of mutations.
  public func store<Request: MutationRequest>(
    for mutation: Request
  ) -> OperationStore<MutationState<Request.Arguments, Request.Value, Request.Failure>> {
    let configuration = makeConfiguration(
      for: mutation,
      as: MutationState<Request.Arguments, Request.Value, Request.Failure>.self,
      retryLimit: defaults.mutationRetryLimit, deduplicates: false)
    return store(with: configuration, at: mutation.path, isMutation: true)
  }

  /// The query or paginated query store at exactly `path`, if there is one.
  public func store(at path: OperationPath) -> (any OperationStoreProtocol)? {
    queries.withLock { $0.store(at: path) }
  }

  /// The mutation store at exactly `path`, if there is one.
  public func mutationStore(at path: OperationPath) -> (any OperationStoreProtocol)? {
    mutations.withLock { $0.store(at: path) }
  }

  /// Every query and paginated query store whose path starts with `prefix`; the empty path
  /// matches every one.
  public func stores(matching prefix: OperationPath = []) -> [any OperationStoreProtocol] {
    queries.withLock { $0.stores(matching: prefix) }
  }

  /// Every mutation store whose path starts with `prefix`.
  public func mutationStores(matching prefix: OperationPath = [])
    -> [any OperationStoreProtocol]
  {
    mutations.withLock { $0.stores(matching: prefix) }
  }

  /// How many stores the client holds, queries and mutations.
  public var storeCount: Int {
    queries.withLock { $0.count } + mutations.withLock { $0.count }
  }

  // MARK: Making stores

  /// The configuration a store of `operation` runs with: the client's context, the
  /// operation's setup, and the client's defaults where the operation is silent.
  func makeConfiguration<Operation: OperationRequest, State: OperationState>(
    for operation: Operation, as: State.Type, retryLimit: Int, deduplicates: Bool
  ) -> OperationStore<State>.Configuration
  where
    State.RunInput == Operation.Input, State.OperationValue == Operation.Value,
    State.Failure == Operation.Failure
  {
    let (context, isRetriedByDefault) = context(
      for: operation, retryLimit: retryLimit, deduplicates: deduplicates)
    guard isRetriedByDefault else {
      return OperationStore<State>.Configuration(
        body: { input, context, continuation throws(Operation.Failure) in
          try await operation.run(input, in: context, with: continuation)
        },
        context: context, operationType: Operation.self)
    }
    let retried = operation.retry(limit: retryLimit, backoff: defaults.backoff)
    return OperationStore<State>.Configuration(
      body: { input, context, continuation throws(Operation.Failure) in
        try await retried.run(input, in: context, with: continuation)
      },
      context: context, operationType: Operation.self)
  }

  /// The context a store of `operation` runs with — the client's, with the operation's setup
  /// and the client's defaults where the operation is silent — and whether the client's
  /// default retry applies to it.
  @usableFromInline
  func context<Operation: OperationRequest>(
    for operation: Operation, retryLimit: Int, deduplicates: Bool
  ) -> (OperationContext, isRetriedByDefault: Bool) {
    var configured = context(at: operation.path)
    operation.setup(context: &configured)
    let isRetriedByDefault = applyDefaults(
      to: &configured, retryLimit: retryLimit, deduplicates: deduplicates)
    return (configured, isRetriedByDefault)
  }

  /// The client's context for the operation at `path`, before the operation's setup.
  func context(at path: OperationPath) -> OperationContext {
    var configured = context
    configured.storedPath = path
    configured.clientReference = reference
    return configured
  }

  /// Fills in the client's defaults where the operation's setup is silent; returns whether
  /// the client's default retry applies (the operation set no retry limit of its own).
  func applyDefaults(
    to configured: inout OperationContext, retryLimit: Int, deduplicates: Bool
  ) -> Bool {
    if configured.options.staleness == nil {
      configured.options.staleness = .after(defaults.staleDuration)
    }
    if configured.options.deduplicates == nil { configured.options.deduplicates = deduplicates }
    guard configured.options.retryLimit == nil else { return false }
    configured.options.retryLimit = max(0, retryLimit)
    return true
  }

  /// What a store made with `context` is kept with: its garbage-collection delay (its own,
  /// or the client's), whether it set one, and its run log's capacity.
  func storeSettings(
    for context: OperationContext
  ) -> (delay: Duration, ownDelay: Duration?, logCapacity: Int) {
    let ownDelay = context.options.garbageCollectionDelay
    return (
      ownDelay ?? defaults.garbageCollectionDelay, ownDelay,
      context.options.runLogCapacity ?? defaults.runLogCapacity
    )
  }

  /// When a store made at `date` with its own delay (or the client's) is first due for
  /// collection.
  func collectionDeadline(from date: Date, ownDelay: Duration?) -> Date {
    date.addingTimeInterval(ownDelay?.timeInterval ?? defaultCollectionInterval)
  }

  /// The store at `path`, reconfigured with `configuration`, or a new one made with it.
  func store<State: OperationState>(
    with configuration: OperationStore<State>.Configuration, at path: OperationPath,
    isMutation: Bool
  ) -> OperationStore<State> {
    let (delay, ownDelay, logCapacity) = storeSettings(for: configuration.context)
    let now = context.clock.now()
    let (found, isNew) = store(at: path, isMutation: isMutation) {
      OperationStore<State>(
        path: path, configuration: configuration, logCapacity: logCapacity,
        garbageCollectionDelay: delay, createdAt: now, events: eventHub,
        clientReference: reference)
    }
    let store = Self.typed(found, as: State.self)
    if isNew {
      // The snapshot is restored through the typed store, so that restoring runs code made
      // for `State` rather than the generic code an existential call reaches.
      didAdd(
        found, at: path, isMutation: isMutation,
        deadline: collectionDeadline(from: now, ownDelay: ownDelay)
      ) { store.hydrate($0) }
    } else {
      store.reconfigure(with: configuration, garbageCollectionDelay: delay)
    }
    return store
  }

  static func typed<State: OperationState>(
    _ store: any OperationStoreProtocol, as: State.Type
  ) -> OperationStore<State> {
    guard let typed = store as? OperationStore<State> else {
      preconditionFailure(
        "the store at \(store.path) holds \(type(of: store)), not OperationStore<\(State.self)>;"
          + " one path cannot name operations of different types")
    }
    return typed
  }

  /// The store at `path`, or the one `make` creates, put there under the table's lock.
  func store(
    at path: OperationPath, isMutation: Bool, orMake make: () -> any ManagedStore
  ) -> (any ManagedStore, Bool) {
    withTable(isMutation) { table in table.store(at: path, orInsert: make) }
  }

  /// Runs `body` on the table of mutations or of queries, under its lock.
  func withTable<Result: Sendable>(
    _ isMutation: Bool, _ body: (inout StoreTable) -> Result
  ) -> Result {
    isMutation ? mutations.withLock { body(&$0) } : queries.withLock { body(&$0) }
  }

  /// Announces a new store, restores its snapshot if `hydrate` kept one, and schedules its
  /// collection.
  func didAdd(
    _ store: any ManagedStore, at path: OperationPath, isMutation: Bool, deadline: Date,
    hydrate: (StoreSnapshot) -> StoreHydration
  ) {
    eventHub.emit(.storeAdded(store))
    hydrateIfRestored(store, at: path, isMutation: isMutation, hydrate: hydrate)
    store.markChanged()
    collector.schedule(store, at: path, isMutation: isMutation, deadline: deadline)
  }

  func showPlaceholder<Value: Sendable, Failure: Error>(
    _ placeholder: @Sendable (OperationClient) -> Value?,
    in store: OperationStore<QueryState<Value, Failure>>
  ) {
    guard !store.state.hasValue else { return }
    store.setPlaceholder(placeholder(self))
  }
}

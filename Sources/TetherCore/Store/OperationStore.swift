import Foundation
import Synchronization
import TetherSynchronization

/// The runtime of one operation: it runs the operation, owns its state, keeps a log of every
/// run and lets many subscribers observe it.
///
/// Get a store from an ``OperationClient``, which keeps one per path:
///
/// ```swift
/// let store = client.store(for: Query(["post", 1]) { _ in try await api.post(1) })
/// let subscription = store.subscribe { state in print(state.status, state.fetchStatus) }
/// let post = try await store.fetch()
/// ```
///
/// **Delivery.** Every state change is applied under the store's lock and queued; states reach
/// subscribers in order, one at a time, then the client's event listeners hear of the change,
/// and only then are callers waiting for that change resumed: `fetch()` returns after every
/// subscriber and listener has seen its final state. The thread that makes a change delivers
/// it — unless another thread is delivering this store's changes already, in which case that
/// thread delivers this change too, before it returns. So a handler may be called on a thread
/// other than the one that made the change (a run's task, the caller of `setCurrentValue`,
/// `invalidate`…); handlers must be quick and must hop to their own actor or thread for real
/// work.
///
/// A cancelled run, or one whose result arrives after a reset or cancel, never changes the
/// state.
public final class OperationStore<State: OperationState>: Sendable {
  /// The path of the store's operation.
  public let path: OperationPath
  let clock: any TetherClock
  /// The lock that guards `storage`.
  let lock = SanitizerVisibleMutex<Void>(())
  /// The store's mutable state, read and changed only under `lock` (through `withStorage`).
  @exclusivity(unchecked) nonisolated(unsafe) var storage: Storage
  let events: ClientEventHub?
  let clientReference: ClientReference?
  /// The id of the run that finished last, so that a run that finished before its task's
  /// handle was recorded costs no second lock.
  let lastFinishedRun = Atomic<UInt64>(0)
  /// Set by the first change after the client's change marker last cleared it (see
  /// `OperationClient.markChangedStores`).
  let changeMark = Atomic(false)

  /// What the operation runs with: its body and context. The latest `store(for:)` replaces it
  /// for the next run; runs in flight keep theirs.
  final class Configuration: Sendable {
    let context: OperationContext
    /// The operation's type, for the warning about a `store(for:)` with other modifiers.
    let operationType: any Any.Type
    /// Whether concurrent fetches share a run.
    let deduplicates: Bool
    /// Starts the task of a run in a store, given the run's id and its input as the machine
    /// keeps it: the operation with this configuration's context, then the record of its end
    /// (`OperationStore.finish`). The task starts on the calling thread, so an operation that
    /// completes without suspending costs no thread hop. `store(for:)` makes it where it is
    /// called, for the query's types, so that a query's run is specialised for them while the
    /// store's code is compiled once.
    let start: Start
    /// Gives the state the start of a run (`OperationEvent.runStarted`), under the lock: the
    /// run's id, its input as the machine keeps it, its start date. Made with `start`.
    let started: Started
    /// The operation alone, for a run that waits first — for its mutation scope, its
    /// lifecycle hooks — or goes on from a restored attempt (`executeAfterWaiting`); nil for a
    /// query's configuration, whose runs have none of these.
    let body: Body?

    typealias Body =
      @Sendable (
        State.RunInput, OperationContext,
        OperationContinuation<State.OperationValue, State.Failure>
      ) async throws(State.Failure) -> State.OperationValue
    typealias Start =
      @Sendable (OperationStore, OperationRunID, (any Sendable)?) -> Task<Void, Never>
    typealias Started = @Sendable (inout State, OperationRunID, (any Sendable)?, Date) -> Void

    /// A configuration whose runs are made of `body`, in code compiled once
    /// (`OperationStore.execute`).
    convenience init(body: @escaping Body, context: OperationContext, operationType: any Any.Type) {
      self.init(
        context: context, operationType: operationType,
        start: { store, id, input in
          Task.immediate { await store.execute(id, input: input, context: context, body: body) }
        },
        started: { state, id, input, date in
          state.apply(.runStarted(id, input: Storage.input(input), date: date))
        },
        body: body)
    }

    init(
      context: OperationContext, operationType: any Any.Type, start: @escaping Start,
      started: @escaping Started, body: Body? = nil
    ) {
      self.context = context
      self.operationType = operationType
      self.deduplicates = context.options.deduplicates ?? false
      self.start = start
      self.started = started
      self.body = body
    }
  }

  /// A subscriber of this store, typed: the machine keeps subscribers as ``StoreSubscriber``s
  /// and hands them states in boxes of this store's state type.
  final class Subscriber: StoreSubscriber, @unchecked Sendable {
    /// A plain subscriber's handler; nil for a projected one.
    let handler: (@Sendable (State) -> Void)?
    /// A projected subscriber's delivery; nil for a plain one. Made where the subscription is
    /// made, so it is specialised for the concrete state and projected type; given the state
    /// `inout`, so that the projection reads it where the box keeps it: a borrowed state
    /// passed on to a closure was copied first (336 bytes for a query's state, by `perf`),
    /// memory the callee could not change is not.
    let project: (@Sendable (inout State) -> Void)?

    init(_ handler: @escaping @Sendable (State) -> Void) {
      self.handler = handler
      self.project = nil
    }

    init(project: @escaping @Sendable (inout State) -> Void) {
      self.handler = nil
      self.project = project
    }

    /// Calls the handler with `state`, which it cannot change meanwhile (`inout`), so that the
    /// state is not copied first: a class's variable passed by value is (it could change
    /// during the call) — 15× the cost of delivering to 1,000 plain subscribers, by `perf`.
    @inline(never)
    func call(with state: inout State) {
      // Called through the borrowed property, not bound, which would retain it.
      handler?(state)
    }
  }

  /// The store's mutable state, read and changed only under its lock: the typed shell (the
  /// state and the configuration) around the machine that keeps everything else.
  struct Storage {
    var machine: StoreMachine
    var state: State
    /// The configuration the next run uses, which the machine keeps (opaque to it) so that a
    /// run it records carries it.
    var configuration: Configuration {
      get { unsafeDowncast(machine.configuration, to: Configuration.self) }
      set { machine.configuration = newValue }
    }

    init(
      state: State, configuration: Configuration, logCapacity: Int,
      garbageCollectionDelay: Duration, createdAt date: Date
    ) {
      self.machine = StoreMachine(
        logCapacity: logCapacity, garbageCollectionDelay: garbageCollectionDelay,
        configuration: configuration, deduplicates: configuration.deduplicates,
        createdAt: date)
      self.state = state
    }
  }

  init(
    path: OperationPath,
    configuration: Configuration,
    logCapacity: Int,
    garbageCollectionDelay: Duration,
    createdAt date: Date,
    events: ClientEventHub?,
    clientReference: ClientReference?
  ) {
    self.path = path
    self.clock = configuration.context.clock
    self.events = events
    self.clientReference = clientReference
    self.storage = Storage(
      state: State(context: configuration.context), configuration: configuration,
      logCapacity: logCapacity, garbageCollectionDelay: garbageCollectionDelay, createdAt: date)
  }

  /// Runs `body` with the store's storage, under its lock.
  func withStorage<Result, Failure: Error>(
    _ body: (inout Storage) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try lock.withLock { _ throws(Failure) -> sending Result in try body(&storage) }
  }

  // MARK: Reading

  /// The current state.
  public var state: State { withStorage { $0.state } }

  /// The context the next run uses, after its modifiers' setup.
  public var context: OperationContext { withStorage { $0.configuration.context } }

  /// How many callers wait for runs in flight.
  var waiterCount: Int { withStorage { $0.machine.runs.reduce(0) { $0 + $1.waiters.count } } }

  /// How many subscribers observe the store.
  public var subscriberCount: Int { withStorage { $0.machine.subscribers.count } }

  /// Whether the value should be refetched now, on the store's clock.
  public var isStale: Bool { state.isStale(at: clock.now()) }

  /// Whether the store runs its operation on its own: when a subscriber arrives to a stale
  /// value, on invalidation, on reconnection and when a rerun condition becomes true.
  public var runsAutomatically: Bool { context.options.runsAutomatically }

  /// The store's run log, oldest entry first: at most `.runLog(capacity:)` entries (the
  /// client's default is 64).
  public var runLog: [RunLogEntry] {
    withStorage { $0.machine.log.all }.map { $0.entry(path: path, kind: State.kind) }
  }

  /// The client that holds this store, while it lives.
  var client: OperationClient? { clientReference?.client }

  @usableFromInline
  static func nextID() -> UInt64 {
    identifiers.add(1, ordering: .relaxed).newValue
  }
}

let identifiers = Atomic<UInt64>(0)

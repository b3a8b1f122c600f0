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
  @usableFromInline
  let clock: any TetherClock
  /// The lock that guards `storage`.
  @usableFromInline
  let lock = SanitizerVisibleMutex<Void>(())
  /// The store's mutable state, read and changed only under `lock` (through `withStorage`).
  @usableFromInline
  @exclusivity(unchecked) nonisolated(unsafe) var storage: Storage
  @usableFromInline
  let events: ClientEventHub?
  @usableFromInline
  let clientReference: ClientReference?
  /// The id of the run that finished last, so that a run that finished before its task's
  /// handle was recorded costs no second lock.
  @usableFromInline
  let lastFinishedRun = Atomic<UInt64>(0)
  /// Set by the first change after the client's change marker last cleared it (see
  /// `OperationClient.markChangedStores`).
  @usableFromInline
  let changeMark = Atomic(false)

  /// What the operation runs with: its body and context. The latest `store(for:)` replaces it
  /// for the next run; runs in flight keep theirs.
  @usableFromInline
  final class Configuration: Sendable {
    @usableFromInline
    let body:
      @Sendable (
        State.RunInput, OperationContext,
        OperationContinuation<State.OperationValue, State.Failure>
      ) async throws(State.Failure) -> State.OperationValue
    @usableFromInline
    let context: OperationContext
    /// The operation's type, for the warning about a `store(for:)` with other modifiers.
    @usableFromInline
    let operationType: any Any.Type
    /// Whether concurrent fetches share a run.
    @usableFromInline
    let deduplicates: Bool

    @inlinable
    init(
      body:
        @escaping @Sendable (
          State.RunInput, OperationContext,
          OperationContinuation<State.OperationValue, State.Failure>
        ) async throws(State.Failure) -> State.OperationValue,
      context: OperationContext,
      operationType: any Any.Type
    ) {
      self.body = body
      self.context = context
      self.operationType = operationType
      self.deduplicates = context.options.deduplicates ?? false
    }
  }

  /// What a caller waiting for a run is told.
  @usableFromInline
  enum RunStep: Sendable {
    /// The run ended with this result.
    case finished(Result<State.OperationValue, OperationError<State.Failure>>)
    /// The run paused (only for callers that asked to return then).
    case paused
    /// The run the caller waited for has ended: derive the input again from the new state.
    case again
    /// There is nothing to run (no next page, no attempt to retry).
    case nothing
  }

  @usableFromInline
  struct Waiter: Sendable {
    @usableFromInline
    let id: UInt64
    @usableFromInline
    let continuation: UnsafeContinuation<RunStep, Never>
    @usableFromInline
    let returnsWhenPaused: Bool

    @inlinable
    init(id: UInt64, continuation: UnsafeContinuation<RunStep, Never>, returnsWhenPaused: Bool) {
      self.id = id
      self.continuation = continuation
      self.returnsWhenPaused = returnsWhenPaused
    }
  }

  @usableFromInline
  struct Run: Sendable {
    @usableFromInline
    let id: OperationRunID
    @usableFromInline
    let input: State.RunInput
    @usableFromInline
    let trigger: RunTrigger
    @usableFromInline
    let startDate: Date
    @usableFromInline
    var task: Task<Void, Never>?
    /// Callers waiting for this run's result.
    @usableFromInline
    var waiters: SmallList<Waiter>
    /// Callers waiting for this run to end before they derive their own input.
    @usableFromInline
    var deferred: SmallList<Waiter> = SmallList()
    /// The attempt in flight, from 1.
    @usableFromInline
    var attempt = 1
    var pausedSince: Date?
    /// The state before the run's first yield, to revert to if it is cancelled; dropped as
    /// soon as anything else changes the state.
    @usableFromInline
    var revertState: State?
    /// What the run keeps across its attempts (the pages a refetch has fetched).
    var progress: (any Sendable)?
    /// The contexts its lifecycles' `onMutate` returned, as JSON, for a snapshot.
    var hookRecords: [String?]?

    @inlinable
    init(
      id: OperationRunID, input: State.RunInput, trigger: RunTrigger, startDate: Date,
      waiters: SmallList<Waiter>
    ) {
      self.id = id
      self.input = input
      self.trigger = trigger
      self.startDate = startDate
      self.waiters = waiters
    }

    /// Whether the store started it on its own, so it lives as long as the store has
    /// subscribers even without waiters.
    var isAutomatic: Bool {
      switch trigger {
      case .fetch, .refetch, .mutate, .simulated: false
      default: true
      }
    }
  }

  /// A class, not a struct, so that delivery can call `handler` through a reference it
  /// borrows without retaining (see `hand`): a struct's closure loaded from an array is
  /// retained and released around each call, two atomic operations per subscriber per change.
  /// Not final: a projected subscriber is one (``ProjectionSubscriber``), carrying its
  /// projection and last value, so a change costs it one object touched and one call before
  /// its projection.
  ///
  /// Unchecked `Sendable`: `id` and `since` are set under the store's lock when it subscribes,
  /// before any delivery can see it, and never change after.
  @usableFromInline
  class Subscriber: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked)
    final var id: UInt64 = 0
    /// Deliveries up to this sequence number happened before it subscribed.
    @usableFromInline @exclusivity(unchecked)
    final var since: UInt64 = 0
    /// A plain subscriber's handler; nil for a projected one.
    @usableFromInline
    final let handler: (@Sendable (State) -> Void)?
    /// A projected subscriber's delivery; nil for a plain one. Made where the subscription is
    /// made, so it is specialised for the concrete state and projected type; given the state
    /// `inout`, so that the projection reads it where the store keeps it: a borrowed state
    /// passed on to a closure was copied first (336 bytes for a query's state, by `perf`),
    /// memory the callee could not change is not.
    @usableFromInline
    final let project: (@Sendable (Subscriber, inout State) -> Void)?

    init(_ handler: @escaping @Sendable (State) -> Void) {
      self.handler = handler
      self.project = nil
    }

    @usableFromInline
    init(project: @escaping @Sendable (Subscriber, inout State) -> Void) {
      self.handler = nil
      self.project = project
    }
  }

  /// What the delivering thread hands out, in order.
  @usableFromInline
  enum Outgoing: Sendable {
    /// A state for every subscriber (or, with a target, for one new subscriber).
    case state(sequence: UInt64, target: UInt64?, State)
    /// The client's listeners hear that the store changed.
    case changed
    /// The client's listeners hear that a subscriber came (true) or left (false).
    case subscriber(added: Bool)
    /// The client's listeners hear that the value turned stale at its stale time.
    case becameStale
    /// The client's listeners get a new run log entry.
    case logged(RunLogRecord)
    /// A waiting caller goes on.
    case resume(Waiter, RunStep)
  }

  /// A recorded run whose task is to be started once the lock is released.
  @usableFromInline
  struct Launch: Sendable {
    @usableFromInline
    let id: OperationRunID
    @usableFromInline
    let input: State.RunInput
    @usableFromInline
    let configuration: Configuration
    /// What a restored paused attempt goes on from.
    @usableFromInline
    let restored: RestoredAttempt?

    @inlinable
    init(
      id: OperationRunID, input: State.RunInput, configuration: Configuration,
      restored: RestoredAttempt? = nil
    ) {
      self.id = id
      self.input = input
      self.configuration = configuration
      self.restored = restored
    }
  }

  /// Something to do once the lock is released.
  @usableFromInline
  enum Action: Sendable {
    /// Resume a waiting caller (unless it must wait for deliveries, then it is queued).
    case resume(Waiter, RunStep)
    /// Cancel a run's task.
    case cancel(Task<Void, Never>)
    /// Start a run's task.
    case launch(Launch)
    /// Stop watching rerun conditions.
    case cancelSubscriptions([OperationSubscription])
    /// Start the stale timer `generation`, due at `deadline`.
    case armStaleTimer(deadline: Date, generation: UInt64)
    /// Warn of a `store(for:)` with another operation type.
    case warn(String)
  }

  /// The timer that tells subscribers when a fresh value turns stale; armed only while the
  /// store has subscribers and a value fresh for a while.
  @usableFromInline
  struct StaleTimer: Sendable {
    @usableFromInline
    let deadline: Date
    @usableFromInline
    let generation: UInt64
    /// Set once the task is started, outside the lock.
    var task: Task<Void, Never>?

    @inlinable
    init(deadline: Date, generation: UInt64) {
      self.deadline = deadline
      self.generation = generation
    }
  }

  /// What to do once the lock is released: one small list, so that the common case (one
  /// action) neither allocates nor costs much to destroy.
  @usableFromInline
  struct Effects: Sendable {
    @usableFromInline
    var actions = SmallList<Action>()
    /// The store changed for the client's listeners — its state, subscribers, staleness or run
    /// log — and its change markers hear of it.
    @usableFromInline
    var changed = false
    /// This thread delivers the queued states and events, starting with `outgoing`, to
    /// `subscribers`.
    @usableFromInline
    var delivers = false
    @usableFromInline
    var outgoing: [Outgoing] = []
    @usableFromInline
    var subscribers: [Subscriber] = []
    /// The first subscriber arrived: watch rerun conditions, tell the client.
    @usableFromInline
    var gainedSubscribers = false
    /// The last subscriber left: tell the client.
    @usableFromInline
    var becameUnused = false
    /// A run ended, so a launch that comes after its end needs no lock.
    @usableFromInline
    var finishedRun: OperationRunID?

    @inlinable
    init() {}
  }

  @usableFromInline
  struct Storage {
    @usableFromInline
    var state: State
    @usableFromInline
    var configuration: Configuration
    @usableFromInline
    var runs: [Run] = []
    @usableFromInline
    var nextRunID: UInt64 = 1
    @usableFromInline
    var subscribers: [Subscriber] = []
    @usableFromInline
    var outbox: [Outgoing] = []
    @usableFromInline
    var isDelivering = false
    @usableFromInline
    var sequence: UInt64 = 0
    var conditionSubscriptions: [OperationSubscription] = []
    @usableFromInline
    var log: RunLog
    /// The longest garbage-collection delay any `store(for:)` of this path asked for.
    @usableFromInline
    var garbageCollectionDelay: Duration
    /// Since when the store has had no subscriber; nil while it has some.
    @usableFromInline
    var unusedSince: Date?
    /// Whether a `store(for:)` with another operation type was already reported.
    var hasWarned = false
    /// An automatic run that had to wait for a run in flight (an invalidation during a next
    /// page), started when that run ends.
    @usableFromInline
    var pendingRerun: RunTrigger?
    /// The stale timer, while the store is observed and its value fresh for a while.
    @usableFromInline
    var staleTimer: StaleTimer?
    var nextTimerGeneration: UInt64 = 1
    /// The date of the step under way.
    @usableFromInline
    var now: Date
    /// Whether the client had event listeners when the step under way began.
    @usableFromInline
    var isListening = false
    /// What the step under way decided to do once the lock is released.
    @usableFromInline
    var effects = Effects()

    @inlinable
    init(
      state: State, configuration: Configuration, log: RunLog,
      garbageCollectionDelay: Duration, createdAt date: Date
    ) {
      self.state = state
      self.configuration = configuration
      self.log = log
      self.garbageCollectionDelay = garbageCollectionDelay
      self.unusedSince = date
      self.now = date
    }
  }

  @inlinable
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
      log: RunLog(capacity: logCapacity), garbageCollectionDelay: garbageCollectionDelay,
      createdAt: date)
  }

  /// Runs `body` with the store's storage, under its lock.
  @inlinable
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
  var waiterCount: Int { withStorage { $0.runs.reduce(0) { $0 + $1.waiters.count } } }

  /// How many subscribers observe the store.
  public var subscriberCount: Int { withStorage { $0.subscribers.count } }

  /// Whether the value should be refetched now, on the store's clock.
  public var isStale: Bool { state.isStale(at: clock.now()) }

  /// Whether the store runs its operation on its own: when a subscriber arrives to a stale
  /// value, on invalidation, on reconnection and when a rerun condition becomes true.
  public var runsAutomatically: Bool { context.options.runsAutomatically }

  /// The store's run log, oldest entry first: at most `.runLog(capacity:)` entries (the
  /// client's default is 64).
  public var runLog: [RunLogEntry] {
    withStorage { $0.log.all }.map { $0.entry(path: path, kind: State.kind) }
  }

  /// The client that holds this store, while it lives.
  @usableFromInline
  var client: OperationClient? { clientReference?.client }

  @usableFromInline
  static func nextID() -> UInt64 {
    identifiers.add(1, ordering: .relaxed).newValue
  }
}

let identifiers = Atomic<UInt64>(0)

import Foundation
import Synchronization
import TetherSynchronization

/// The runtime of one operation: it runs the operation, owns its state and lets many
/// subscribers observe it.
///
/// Get a store from an ``OperationClient``, which keeps one per path:
///
/// ```swift
/// let store = client.store(for: Query(["post", 1]) { _ in try await api.post(1) })
/// let subscription = store.subscribe { state in print(state.status) }
/// let post = try await store.fetch()
/// ```
///
/// Every state change is applied under the store's lock and then delivered to subscribers in
/// order, one change at a time, on the thread that made the change (a run's task, or the
/// caller of `setCurrentValue`, `invalidate`, ...). Handlers must be quick; hop to your own
/// actor or thread for real work. A cancelled run, or one whose result arrives after a reset
/// or cancel, never changes the state.
public final class OperationStore<State: OperationState>: Sendable {
  /// The path of the store's operation.
  public let path: OperationPath
  /// The context the operation runs with, after its modifiers' setup.
  public let context: OperationContext
  let operation: any OperationRequest<State.OperationValue, State.Failure>
  private let deduplicates: Bool
  let observer: StoreObserver?
  let storage: SanitizerVisibleMutex<Storage>

  struct Waiter {
    let id: UInt64
    let continuation: UnsafeContinuation<State.OperationValue, any Error>
  }

  struct Run {
    let id: OperationRunID
    let input: State.RunInput
    let isAutomatic: Bool
    var task: Task<Void, Never>?
    var waiters: [Waiter]
  }

  struct Subscriber {
    let id: UInt64
    /// Deliveries up to this sequence number happened before it subscribed.
    let since: UInt64
    let handler: @Sendable (State) -> Void
  }

  struct Delivery {
    let sequence: UInt64
    /// The one subscriber to deliver to, or nil for all of them.
    let target: UInt64?
    let state: State
  }

  struct Storage {
    var state: State
    let initialState: State
    var runs: [Run] = []
    var nextRunID: UInt64 = 1
    var subscribers: [Subscriber] = []
    var deliveries: [Delivery] = []
    var isDelivering = false
    var sequence: UInt64 = 0
    var conditionSubscriptions: [OperationSubscription] = []
  }

  /// A waiter to resume with a result.
  struct Resumption {
    let waiter: Waiter
    let result: Result<State.OperationValue, any Error>
  }

  /// A recorded run whose task is to be started.
  struct Launch {
    let id: OperationRunID
    let input: State.RunInput
  }

  /// What to do once the lock is released.
  struct Effects {
    var resume: [Resumption] = []
    var cancel: [Task<Void, Never>] = []
    var start: [Launch] = []
    var deliver = false
    var changed = false
  }

  init(
    operation: any OperationRequest<State.OperationValue, State.Failure>,
    context: OperationContext,
    observer: StoreObserver?
  ) {
    var context = context
    context.path = operation.path
    self.path = operation.path
    self.context = context
    self.operation = operation
    self.deduplicates = context.deduplicates ?? false
    self.observer = observer
    let state = State(context: context)
    self.storage = SanitizerVisibleMutex(Storage(state: state, initialState: state))
  }

  // MARK: Reading

  /// The current state.
  public var state: State { storage.withLock { $0.state } }

  /// How many callers wait for runs in flight.
  var waiterCount: Int { storage.withLock { $0.runs.reduce(0) { $0 + $1.waiters.count } } }

  func withStateAndSubscriberCount() -> (State, Int) {
    storage.withLock { ($0.state, $0.subscribers.count) }
  }

  /// How many subscribers observe the store.
  public var subscriberCount: Int { storage.withLock { $0.subscribers.count } }

  /// Whether the value should be refetched now, on the store's clock.
  public var isStale: Bool { state.isStale(at: context.clock.now()) }

  /// Whether the store runs its operation on its own: when a subscriber arrives to a stale
  /// value, on invalidation and when a rerun condition becomes true.
  public var runsAutomatically: Bool { context.runsAutomatically }

  // MARK: Running

  /// Runs the operation with `input` and returns its value, sharing a run in flight when the
  /// operation is deduplicated.
  ///
  /// Cancelling the calling task stops waiting at once, and cancels the run (and its retries)
  /// unless others still wait for it.
  func run(_ input: State.RunInput) async throws -> State.OperationValue {
    let waiterID = Self.nextID()
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let waiter = Waiter(id: waiterID, continuation: continuation)
        let effects = update { storage, effects in
          if Task.isCancelled {
            effects.resume.append(Resumption(waiter: waiter, result: .failure(CancellationError())))
          } else if deduplicates,
            let index = storage.runs.firstIndex(where: { State.canShareRun(input, with: $0.input) })
          {
            storage.runs[index].waiters.append(waiter)
          } else {
            startRun(input, isAutomatic: false, waiter: waiter, in: &storage, effects: &effects)
          }
        }
        perform(effects)
      }
    } onCancel: {
      perform(
        update { storage, effects in removeWaiter(waiterID, in: &storage, effects: &effects) })
    }
  }

  /// Cancels every run in flight: their waiters get `CancellationError`, their retries stop,
  /// and their results are never applied.
  public func cancel() {
    perform(
      update { storage, effects in cancelRuns(in: &storage, effects: &effects) { _ in true } })
  }

  // MARK: Changing the state

  /// Sets the current value by hand, e.g. for an optimistic update; subscribers are notified.
  public func setCurrentValue(_ value: State.CurrentValue) {
    let date = context.clock.now()
    perform(
      update { storage, effects in
        apply(.currentValueSet(value, date: date), to: &storage, effects: &effects)
      })
  }

  /// Reads and changes the current value atomically, e.g. to edit one post in a loaded page.
  ///
  /// `body` runs under the store's lock: it must not call the store.
  public func withCurrentValue<Result, Failure: Error>(
    _ body: (inout State.CurrentValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let date = context.clock.now()
    let (result, effects) = try storage.withLock {
      storage throws(Failure) -> (Result, Effects) in
      var value = storage.state.currentValue
      let result = try body(&value)
      var effects = Effects()
      apply(.currentValueSet(value, date: date), to: &storage, effects: &effects)
      claimDelivery(&storage, &effects)
      return (result, effects)
    }
    perform(effects)
    return result
  }

  /// Marks the value invalid: it is stale until the next successful run, and it is refetched
  /// at once if the store has subscribers and runs automatically.
  public func invalidate() {
    perform(
      update { storage, effects in
        apply(.invalidated, to: &storage, effects: &effects)
        if !storage.subscribers.isEmpty, context.runsAutomatically,
          let input = storage.state.automaticRunInput
        {
          startRun(input, isAutomatic: true, waiter: nil, in: &storage, effects: &effects)
        }
      })
  }

  /// Cancels every run and returns the state to what it was before the first run. A store
  /// with subscribers then runs again if it runs automatically.
  public func reset() {
    perform(
      update { storage, effects in
        cancelRuns(in: &storage, effects: &effects) { _ in true }
        storage.state = storage.initialState
        notify(&storage, effects: &effects)
        startAutomaticRunIfNeeded(stale: true, in: &storage, effects: &effects)
      })
  }

  // MARK: Runs

  /// Starts an automatic run when automatic running is on, nothing equivalent is in flight,
  /// and the value is stale (or `stale` says to run regardless).
  func startAutomaticRunIfNeeded(
    stale: Bool, in storage: inout Storage, effects: inout Effects
  ) {
    guard context.runsAutomatically, !storage.subscribers.isEmpty,
      let input = storage.state.automaticRunInput,
      stale || storage.state.isStale(at: context.clock.now()),
      !storage.runs.contains(where: { State.canShareRun(input, with: $0.input) })
    else { return }
    startRun(input, isAutomatic: true, waiter: nil, in: &storage, effects: &effects)
  }

  func startRun(
    _ input: State.RunInput,
    isAutomatic: Bool,
    waiter: Waiter?,
    in storage: inout Storage,
    effects: inout Effects
  ) {
    let id = OperationRunID(rawValue: storage.nextRunID)
    storage.nextRunID += 1
    apply(.runStarted(id, input: input, date: context.clock.now()), to: &storage, effects: &effects)
    storage.runs.append(
      Run(
        id: id, input: input, isAutomatic: isAutomatic, task: nil,
        waiters: waiter == nil ? [] : [waiter!]))
    effects.start.append(Launch(id: id, input: input))
  }

  /// Starts the task of a run recorded by `startRun`, outside the lock.
  ///
  /// The task starts immediately on the calling thread, so an operation that completes
  /// without suspending costs no thread hop. Its handle is recorded afterwards for
  /// cancellation; a run that has already ended by then (finished, or cancelled meanwhile)
  /// gets its task cancelled, which does nothing to a finished task.
  func launch(_ id: OperationRunID, _ input: State.RunInput) {
    let task = Task.immediate { await self.execute(id, input) }
    let isRunning = storage.withLock { storage in
      guard let index = storage.runs.firstIndex(where: { $0.id == id }) else { return false }
      storage.runs[index].task = task
      return true
    }
    if !isRunning { task.cancel() }
  }

  private func execute(_ id: OperationRunID, _ input: State.RunInput) async {
    var context = context
    context.runInput = input
    let continuation = OperationContinuation(sink: RunSink(store: self, run: id))
    let result: Result<State.OperationValue, State.Failure>
    do throws(State.Failure) {
      result = .success(try await operation.run(in: context, with: continuation))
    } catch {
      result = .failure(error)
    }
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == id }) else { return }
        let run = storage.runs.remove(at: index)
        apply(.runFinished(id, result, date: context.clock.now()), to: &storage, effects: &effects)
        let outcome = result.mapError { $0 as any Error }
        for waiter in run.waiters {
          effects.resume.append(Resumption(waiter: waiter, result: outcome))
        }
      })
  }

  /// Applies an intermediate event of run `id`, unless the run is no longer in flight.
  fileprivate func receive(_ event: OperationEvent<State>, of id: OperationRunID) {
    perform(
      update { storage, effects in
        guard storage.runs.contains(where: { $0.id == id }) else { return }
        apply(event, to: &storage, effects: &effects)
      })
  }

  private func removeWaiter(_ id: UInt64, in storage: inout Storage, effects: inout Effects) {
    for index in storage.runs.indices {
      guard let position = storage.runs[index].waiters.firstIndex(where: { $0.id == id }) else {
        continue
      }
      let waiter = storage.runs[index].waiters.remove(at: position)
      effects.resume.append(Resumption(waiter: waiter, result: .failure(CancellationError())))
      let run = storage.runs[index]
      let isWanted = run.isAutomatic && !storage.subscribers.isEmpty
      if run.waiters.isEmpty && !isWanted {
        cancelRuns(in: &storage, effects: &effects) { $0.id == run.id }
      }
      return
    }
  }

  func cancelRuns(
    in storage: inout Storage, effects: inout Effects, where shouldCancel: (Run) -> Bool
  ) {
    let cancelled = storage.runs.filter(shouldCancel)
    guard !cancelled.isEmpty else { return }
    storage.runs.removeAll(where: shouldCancel)
    for run in cancelled {
      if let task = run.task { effects.cancel.append(task) }
      for waiter in run.waiters {
        effects.resume.append(Resumption(waiter: waiter, result: .failure(CancellationError())))
      }
      apply(.runCancelled(run.id), to: &storage, effects: &effects)
    }
  }

  static func nextID() -> UInt64 {
    identifiers.add(1, ordering: .relaxed).newValue
  }
}

private let identifiers = Atomic<UInt64>(0)

extension OperationStore {
  /// Receives what a run reports through its continuation.
  fileprivate struct RunSink: OperationContinuationSink {
    let store: OperationStore
    let run: OperationRunID

    func receive(_ result: Result<State.OperationValue, State.Failure>) {
      store.receive(.runYielded(run, result, date: store.context.clock.now()), of: run)
    }

    func receiveRetry(_ progress: RetryProgress<State.Failure>) {
      store.receive(.retryScheduled(run, progress), of: run)
    }
  }
}

/// How a client hears about its stores.
struct StoreObserver: Sendable {
  let storeDidChange: @Sendable (any OperationStoreProtocol) -> Void
  let storeBecameUnused: @Sendable (any OperationStoreProtocol) -> Void
}

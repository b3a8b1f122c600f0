import Foundation

/// What every store offers whatever its state type, so a client, a store browser and a
/// devtools timeline can work with stores of every kind together.
public protocol OperationStoreProtocol: AnyObject, Sendable {
  /// The path of the store's operation.
  var path: OperationPath { get }
  /// The kind of the store's operation.
  var kind: OperationKind { get }
  /// How many subscribers observe the store.
  var subscriberCount: Int { get }
  /// The state, type-erased, with what a store browser shows.
  var snapshot: OperationSnapshot { get }
  /// The store's run log, oldest entry first.
  var runLog: [RunLogEntry] { get }
  /// The type-erased refetch behind `refetch(cancelInFlight:)`: a query fetches afresh, a
  /// paginated query refetches its pages, a mutation throws
  /// ``OperationStoreError/mutationsAreNotRefetched(_:)``.
  func performRefetch(cancelInFlight: Bool) async throws
  /// Marks the value invalid; refetches at once if the store has subscribers.
  func invalidate()
  /// Cancels every run in flight, reverting what they yielded or not.
  func cancel(revert: Bool)
  /// Cancels every run and returns to the state before the first run.
  func reset()
}

extension OperationStoreProtocol {
  /// Runs the operation again, afresh: a run in flight is cancelled and replaced unless
  /// `cancelInFlight` is false. A query fetches, a paginated query refetches its pages; a
  /// mutation is never refetched (re-sending a write is `retryLatest()`) and throws
  /// ``OperationStoreError/mutationsAreNotRefetched(_:)``.
  ///
  /// On a store whose type is known, the typed `refetch()` is used instead.
  @_disfavoredOverload
  public func refetch(cancelInFlight: Bool = true) async throws {
    try await performRefetch(cancelInFlight: cancelInFlight)
  }

  /// Cancels every run in flight, reverting what they yielded.
  public func cancel() { cancel(revert: true) }
}

/// A type-erased picture of a store's state.
public struct OperationSnapshot: Sendable {
  public var path: OperationPath
  public var kind: OperationKind
  /// What data there is.
  public var status: OperationStatus
  /// What is happening now.
  public var fetchStatus: FetchStatus
  public var isStale: Bool
  public var isInvalidated: Bool
  /// Whether the latest run was cancelled keeping what it had changed.
  public var isCancelled: Bool
  /// Whether the latest run was cancelled, keeping or reverting its changes.
  public var cancellation: RunCancellation?
  /// What the devtools simulate (``InspectableStore/simulateLoading()``,
  /// ``InspectableStore/simulateFailure(_:)``), until a restore, a reset or a real outcome (a
  /// run's value or failure, a value set by hand); nil when the state is real.
  public var simulation: SimulatedState.Kind?
  public var isPlaceholder: Bool
  /// Whether the store runs on its own (`.enabled(false)` turns it off).
  public var runsAutomatically: Bool
  public var subscriberCount: Int
  public var runCount: Int
  public var valueUpdateCount: Int
  public var valueLastUpdatedAt: Date?
  public var errorUpdateCount: Int
  public var errorLastUpdatedAt: Date?
  /// Whether the store holds a value, and the value itself.
  public var hasValue: Bool
  public var currentValue: any Sendable
  /// The latest failure.
  public var error: (any Error)?
  /// The failure history: failed attempts of the latest run that failed one, and why.
  public var failureCount: Int
  public var failureReason: (any Error)?
  /// The retry progress of the run in flight.
  public var retryProgress: RetryProgress<any Error>?
  /// When the snapshot was taken, on the store's clock.
  public var date: Date

  /// The first load: no value and a run in flight.
  public var isLoading: Bool { status == .pending && fetchStatus == .fetching }
  /// Whether a run is in flight and not paused.
  public var isFetching: Bool { fetchStatus == .fetching }
}

extension OperationStore: OperationStoreProtocol {
  public var kind: OperationKind { State.kind }

  public var snapshot: OperationSnapshot {
    let (state, subscriberCount, runsAutomatically) = withStorage {
      ($0.state, $0.machine.subscribers.count, $0.configuration.context.options.runsAutomatically)
    }
    let date = clock.now()
    return OperationSnapshot(
      path: path, kind: State.kind, status: state.status, fetchStatus: state.fetchStatus,
      isStale: state.isStale(at: date), isInvalidated: state.isInvalidated,
      isCancelled: state.isCancelled, cancellation: state.cancellation,
      simulation: (state as? any SimulatableState)?.simulation,
      isPlaceholder: state.isPlaceholder,
      runsAutomatically: runsAutomatically, subscriberCount: subscriberCount,
      runCount: state.runCount, valueUpdateCount: state.valueUpdateCount,
      valueLastUpdatedAt: state.valueLastUpdatedAt, errorUpdateCount: state.errorUpdateCount,
      errorLastUpdatedAt: state.errorLastUpdatedAt, hasValue: state.hasValue,
      currentValue: state.currentValue, error: state.error, failureCount: state.failureCount,
      failureReason: state.failureReason,
      retryProgress: state.retryProgress.map {
        RetryProgress(
          failedAttempts: $0.failedAttempts, retryLimit: $0.retryLimit,
          lastFailure: $0.lastFailure, nextAttemptDate: $0.nextAttemptDate,
          nextAttemptStartDate: $0.nextAttemptStartDate,
          failedAttemptsBeforeSeries: $0.failedAttemptsBeforeSeries)
      },
      date: date)
  }

  public func performRefetch(cancelInFlight: Bool) async throws {
    if State.kind == .mutation { throw OperationStoreError.mutationsAreNotRefetched(path) }
    let step = await runStep(.refetch, mode: cancelInFlight ? .replace : .join) {
      $0.refetchInput
    }
    _ = try Self.value(of: step)
  }
}

/// What a client needs of its stores beyond the public protocol.
protocol ManagedStore: OperationStoreProtocol {
  /// How long the store is kept without subscribers.
  var garbageCollectionDelay: Duration { get }
  /// Since when the store has had no subscriber; nil while it has some.
  var unusedSince: Date? { get }
  /// Whether a run is in flight.
  var isRunning: Bool { get }
  /// Whether `refetch(matching:)` skips it: disabled, or never stale.
  var isSkippedByPrefixRefetch: Bool { get }
  /// Refetches for `client.refetch(matching:)`: returns when the run ends or pauses.
  func refetchUntilSettledOrPaused() async
  /// Runs again on its own for `trigger`, if it should.
  func rerun(_ trigger: RunTrigger)
  /// The current value, type-erased, for an optimistic update to restore; nil when there is
  /// none.
  func capturedValue() -> (any Sendable)?
  /// Restores a value `capturedValue()` returned.
  func restore(capturedValue: any Sendable)
  /// The store's data for a snapshot.
  func dehydrated(filter: SnapshotFilter, unchangedSince: Date?) -> StoreDehydration
  /// Takes the data of a restored snapshot.
  func hydrate(_ snapshot: StoreSnapshot) -> StoreHydration
  /// Tells the change marker the store changed (was added, removed), unless it is marked.
  func markChanged()
  /// Clears the change mark: the next change tells the marker again.
  func clearChangeMark()
}

extension OperationStore: ManagedStore {
  var garbageCollectionDelay: Duration {
    withStorage { $0.machine.garbageCollectionDelay }
  }

  var unusedSince: Date? { withStorage { $0.machine.unusedSince } }

  var isRunning: Bool { withStorage { $0.machine.hasRuns } }

  var isSkippedByPrefixRefetch: Bool {
    withStorage {
      !$0.configuration.context.options.runsAutomatically || !$0.state.isInvalidatable
    }
  }

  func refetchUntilSettledOrPaused() async {
    _ = await runStep(.refetch, mode: .replace, returnsWhenPaused: true) { $0.refetchInput }
  }

  func markChanged() {
    markChangedIfMarking()
  }

  func clearChangeMark() {
    changeMark.store(false, ordering: .releasing)
  }

  func capturedValue() -> (any Sendable)? {
    withStorage { $0.state.hasValue ? $0.state.currentValue : nil }
  }

  func restore(capturedValue: any Sendable) {
    guard let value = capturedValue as? State.CurrentValue else { return }
    setCurrentValue(value)
  }
}

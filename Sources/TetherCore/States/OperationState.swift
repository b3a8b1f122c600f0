import Foundation

/// The state a store keeps for one operation, and how run events change it.
///
/// ``QueryState``, ``PaginatedState`` and ``MutationState`` are the three kinds. A store feeds
/// every event of every run into `apply(_:context:)` under its lock, so a state is a plain
/// value: read it, copy it, compare it, draw it.
public protocol OperationState: Sendable {
  /// What a store asks one run to do: `Void` for a query, the arguments of a mutation, the
  /// page to fetch of a paginated query.
  associatedtype RunInput: Sendable
  /// What one run produces.
  associatedtype OperationValue: Sendable
  /// What a run fails with.
  associatedtype Failure: Error
  /// The value the state holds, which optimistic updates set.
  associatedtype CurrentValue: Sendable

  /// Which kind of operation this state belongs to.
  static var kind: OperationKind { get }

  /// Creates the state of a store that has not run yet, configured by `context`.
  init(context: OperationContext)

  /// The value the state holds now.
  var currentValue: CurrentValue { get }
  /// Whether the state holds a fetched (or set) value.
  var hasValue: Bool { get }
  /// Idle, loading, success or failure.
  var status: OperationStatus { get }
  /// Whether a run is in flight.
  var isLoading: Bool { get }
  /// The latest failure, cleared by the next success.
  var error: Failure? { get }
  /// How many times the value changed, and when it last did.
  var valueUpdateCount: Int { get }
  var valueLastUpdatedAt: Date? { get }
  /// How many times a failure was recorded, and when the last one was.
  var errorUpdateCount: Int { get }
  var errorLastUpdatedAt: Date? { get }
  /// How many runs have started.
  var runCount: Int { get }
  /// Whether the value was invalidated since it was last fetched.
  var isInvalidated: Bool { get }
  /// The retry progress of the run in flight, if it has failed attempts.
  var retryProgress: RetryProgress<Failure>? { get }

  /// Whether the value should be refetched at `date`.
  func isStale(at date: Date) -> Bool

  /// What a store runs on its own (a subscriber arrives to a stale value, invalidation, a rerun
  /// condition); nil when this kind never runs on its own.
  var automaticRunInput: RunInput? { get }

  /// What a refetch of this state runs; nil when there is nothing to refetch.
  var refetchInput: RunInput? { get }

  /// Whether a fetch of `input` may share a run in flight for `runningInput`.
  static func canShareRun(_ input: RunInput, with runningInput: RunInput) -> Bool

  /// Applies one event of a run (or of the store) to the state.
  mutating func apply(_ event: OperationEvent<Self>, context: OperationContext)
}

extension OperationState {
  public var refetchInput: RunInput? { automaticRunInput }
}

/// One event in the life of a store, as its state sees it.
public enum OperationEvent<State: OperationState>: Sendable {
  /// A run started with `input`.
  case runStarted(OperationRunID, input: State.RunInput, date: Date)
  /// A run yielded an intermediate result.
  case runYielded(OperationRunID, Result<State.OperationValue, State.Failure>, date: Date)
  /// A run's attempt failed and a retry is scheduled.
  case retryScheduled(OperationRunID, RetryProgress<State.Failure>)
  /// A run finished with its result.
  case runFinished(OperationRunID, Result<State.OperationValue, State.Failure>, date: Date)
  /// A run was cancelled; its result will never be applied.
  case runCancelled(OperationRunID)
  /// The current value was set by hand (an optimistic update).
  case currentValueSet(State.CurrentValue, date: Date)
  /// The value was invalidated.
  case invalidated
}

/// Identifies one run of a store; later runs have greater ids.
public struct OperationRunID: Hashable, Comparable, Sendable {
  let rawValue: UInt64

  public static func < (lhs: OperationRunID, rhs: OperationRunID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// Where an operation stands.
public enum OperationStatus: String, Sendable, Hashable {
  /// It has not finished a run yet.
  case idle
  /// A run is in flight.
  case loading
  /// Its latest run succeeded.
  case success
  /// Its latest run failed.
  case failure
}

/// The kinds of operation.
public enum OperationKind: String, Sendable, Hashable {
  case query
  case paginatedQuery
  case mutation
}

extension Staleness {
  /// Whether a value updated at `updatedAt` is stale at `date`.
  func isStale(updatedAt: Date?, at date: Date) -> Bool {
    guard let updatedAt else { return true }
    switch self {
    case .never: return false
    case .after(let duration): return date >= updatedAt.adding(duration)
    }
  }
}

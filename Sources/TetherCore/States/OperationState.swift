import Foundation

/// The state a store keeps for one operation, and how run events change it.
///
/// ``QueryState``, ``PaginatedState`` and ``MutationState`` are the three kinds. A store feeds
/// every event of every run into `apply(_:)` under its lock, so a state is a plain value: read
/// it, copy it, compare it, draw it.
///
/// Two statuses describe it, as in TanStack Query: ``status`` says what data there is
/// (pending, success, failure) and ``fetchStatus`` what is happening now (idle, fetching,
/// paused). A refetch that fails keeps the previous value next to its error:
///
/// ```swift
/// switch (state.status, state.fetchStatus) {
/// case (.pending, .fetching): "Loading…"                      // state.isLoading
/// case (.pending, .paused): "Waiting for the network…"
/// case (.success, .fetching): "Refreshing…"                   // state.isRefetching
/// case (.failure, _): "Failed after \(state.failureCount) attempts: \(state.failureReason!)"
/// default: "…"
/// }
/// ```
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
  /// The bookkeeping of the state's runs, which the fields below read: one record shared by
  /// every kind of state.
  var tracker: RunTracker<Failure> { get }
  /// The latest failure, cleared by the next success (and by a new run while there is no
  /// value).
  var error: Failure? { get }
  /// Whether ``currentValue`` is nil and a placeholder is shown instead.
  var isPlaceholder: Bool { get }

  /// Whether the value should be refetched at `date`.
  func isStale(at date: Date) -> Bool

  /// Until when the value stays fresh, when it will turn stale by time alone: nil when it is
  /// stale already for another reason (no value, invalidated), when it never turns stale, and
  /// when its stale time is zero (stale on arrival). A store arms its stale timer for it.
  var freshUntil: Date? { get }

  /// Whether invalidation applies: false for a value that is never stale.
  var isInvalidatable: Bool { get }

  /// What a store runs on its own (a subscriber arrives to a stale value, invalidation, a rerun
  /// condition, reconnection); nil when this kind never runs on its own.
  var automaticRunInput: RunInput? { get }

  /// What a refetch of this state runs; nil when there is nothing to refetch.
  var refetchInput: RunInput? { get }

  /// Whether a fetch of `input` may share a run in flight for `runningInput`.
  static func canShareRun(_ input: RunInput, with runningInput: RunInput) -> Bool

  /// Whether a run of `input` must wait until a run of `runningInput` has ended, and then be
  /// derived again from the state it left (a next page must follow freshly refetched pages).
  static func mustWait(_ input: RunInput, for runningInput: RunInput) -> Bool

  /// Applies one event of a run (or of the store) to the state.
  mutating func apply(_ event: OperationEvent<Self>)
}

extension OperationState {
  public var refetchInput: RunInput? { automaticRunInput }

  public var freshUntil: Date? { nil }

  public var isPlaceholder: Bool { false }

  public static func mustWait(_ input: RunInput, for runningInput: RunInput) -> Bool { false }

  /// The first load: no value yet and a run in flight (`status == .pending` and
  /// `fetchStatus == .fetching`).
  public var isLoading: Bool { status == .pending && fetchStatus == .fetching }
  /// Whether a run is in flight and not paused.
  public var isFetching: Bool { fetchStatus == .fetching }
  /// Whether a run is in flight while there is already an outcome: a refresh, not a first
  /// load.
  public var isRefetching: Bool { fetchStatus == .fetching && status != .pending }
  /// Whether every run in flight waits without spending attempts.
  public var isPaused: Bool { fetchStatus == .paused }
  /// Whether any run is in flight, fetching or paused.
  public var hasRunInFlight: Bool { fetchStatus != .idle }
}

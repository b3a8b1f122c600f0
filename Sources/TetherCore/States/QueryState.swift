import Foundation

/// The state of a query: its value (or a placeholder until there is one), both statuses, the
/// error next to the last good value, counters, the failure history and the progress of the
/// run in flight.
///
/// A failed refetch keeps the previous value next to the error; a cancelled first fetch leaves
/// the state pending with no value; a cancelled refetch leaves the previous value.
public struct QueryState<Value: Sendable, Failure: Error>: OperationState {
  public typealias RunInput = Void
  public typealias OperationValue = Value
  public typealias CurrentValue = Value?

  public static var kind: OperationKind { .query }

  @usableFromInline
  var storedValue: Value?
  var storedPlaceholder: Value?
  @usableFromInline
  var storedTracker = RunTracker<Failure>()
  public var tracker: RunTracker<Failure> { storedTracker }
  var staleness: Staleness
  var staleTime: (@Sendable (QueryState) -> Duration)?
  /// The value before the first fetch, from `.defaultValue(_:)`.
  public let initialValue: Value?

  public init(context: OperationContext) {
    // A context without values skips the keys' lookups (each looks up a key type's metadata
    // in code compiled once, for every store made).
    let hasValues = !context.values.isEmpty
    initialValue = hasValues ? context[DefaultValueKey<Value>.self] : nil
    storedValue = initialValue
    staleness = context.options.staleness ?? .after(.zero)
    staleTime = hasValues ? context[StaleTimeKey<Self>.self] : nil
  }

  /// The latest value, or the initial value before the first fetch.
  public var currentValue: Value? { storedValue }
  /// A value to show until the query has its own (see `.placeholder(_:)`); it is never the
  /// store's value: it is not counted, not stale, not kept after a value arrives.
  public var placeholder: Value? { storedPlaceholder }
  /// The value, or the placeholder while there is none: what a screen shows.
  public var valueOrPlaceholder: Value? { storedValue ?? storedPlaceholder }
  public var isPlaceholder: Bool { storedValue == nil && storedPlaceholder != nil }

  public var hasValue: Bool { storedTracker.valueUpdateCount > 0 }

  /// How long a fetched value stays fresh now, or nil when it never goes stale.
  public var staleDuration: Duration? {
    switch staleness {
    case .never: nil
    case .after(let duration): staleTime?(self) ?? duration
    }
  }

  public func isStale(at date: Date) -> Bool {
    guard let updatedAt = storedTracker.valueLastUpdatedAt else { return true }
    guard let duration = staleDuration else { return false }
    return storedTracker.isInvalidated || date >= updatedAt.adding(duration)
  }

  public var isInvalidatable: Bool {
    if case .never = staleness { return false }
    return true
  }

  /// When the value becomes stale, or nil when it never will (or has no date yet).
  public var staleDate: Date? {
    guard let duration = staleDuration else { return nil }
    return storedTracker.valueLastUpdatedAt?.adding(duration)
  }

  public var freshUntil: Date? {
    guard case .after(let base) = staleness, !storedTracker.isInvalidated,
      let updatedAt = storedTracker.valueLastUpdatedAt
    else { return nil }
    let duration = staleTime?(self) ?? base
    return duration > .zero ? updatedAt.adding(duration) : nil
  }

  public var automaticRunInput: Void? { () }

  public static func canShareRun(_ input: Void, with runningInput: Void) -> Bool { true }

  @inlinable
  public mutating func apply(_ event: OperationEvent<Self>) {
    switch event {
    case .runStarted(let run, _, _):
      storedTracker.start(run)
      if storedTracker.valueUpdateCount == 0 {
        storedTracker.error = nil
        storedTracker.status = .pending
      }
    case .runFinished(let run, .success(let value), let date):
      if storedTracker.finish(run, at: date) { storedValue = value }
    case .runFinished(let run, .failure(let failure), let date):
      storedTracker.finish(run, failingWith: failure, at: date)
    default:
      applyRarely(event)
    }
  }

  /// Applies an event no benchmark times: code compiled once, not specialised where the
  /// state is changed.
  @usableFromInline
  mutating func applyRarely(_ event: OperationEvent<Self>) {
    switch event {
    case .runStarted, .runFinished:
      apply(event)
    case .currentValueSet(let value, let date):
      storedValue = value
      storedTracker.recordValue(at: date, final: true)
    case .runYielded(let run, let result, let date):
      apply(result, at: date, final: false, of: run)
    case .retryScheduled, .attemptStarted, .transferProgressed, .runPaused, .runResumed:
      storedTracker.record(event)
    case .runCancelled(let run, let reverted, _):
      storedTracker.cancel(run, reverted: reverted)
    case .placeholderSet(let placeholder):
      storedPlaceholder = placeholder ?? nil
    case .invalidated:
      if isInvalidatable { storedTracker.isInvalidated = true }
    case .configured(let context):
      staleness = context.options.staleness ?? .after(.zero)
      staleTime = context[StaleTimeKey<Self>.self]
    }
  }

  mutating func apply(
    _ result: Result<Value, Failure>, at date: Date, final: Bool, of run: OperationRunID
  ) {
    switch result {
    case .success(let value):
      storedValue = value
      storedTracker.recordValue(at: date, final: final)
    case .failure(let failure):
      storedTracker.recordError(failure, at: date, final: final, of: run)
    }
  }
}

/// The value a query's store holds before its first fetch.
enum DefaultValueKey<Value: Sendable>: OperationContextKey {
  static var defaultValue: Value? { nil }
}

/// Stale time as a function of the state, from `.stale(after:)` with a closure.
enum StaleTimeKey<State: OperationState>: OperationContextKey {
  static var defaultValue: (@Sendable (State) -> Duration)? { nil }
}

import Foundation

/// The state of a query: its value, status, error, counters and the progress of the run in
/// flight.
///
/// A failed refetch keeps the previous value next to the error; a cancelled first fetch leaves
/// the state idle with no value; a cancelled refetch leaves the previous value.
public struct QueryState<Value: Sendable, Failure: Error>: OperationState {
  public typealias RunInput = Void
  public typealias OperationValue = Value
  public typealias CurrentValue = Value?

  public static var kind: OperationKind { .query }

  /// The latest value, or the initial value before the first fetch.
  public private(set) var currentValue: Value?
  /// The value before the first fetch, from `.defaultValue(_:)`.
  public let initialValue: Value?
  private var tracker = RunTracker<Failure>()
  private let staleness: Staleness

  public init(context: OperationContext) {
    initialValue = context[DefaultValueKey<Value>.self]
    currentValue = initialValue
    staleness = context.staleness ?? .after(.zero)
  }

  public var hasValue: Bool { tracker.valueUpdateCount > 0 }
  public var status: OperationStatus { tracker.status }
  public var isLoading: Bool { tracker.isLoading }
  public var error: Failure? { tracker.error }
  public var valueUpdateCount: Int { tracker.valueUpdateCount }
  public var valueLastUpdatedAt: Date? { tracker.valueLastUpdatedAt }
  public var errorUpdateCount: Int { tracker.errorUpdateCount }
  public var errorLastUpdatedAt: Date? { tracker.errorLastUpdatedAt }
  public var runCount: Int { tracker.runCount }
  public var isInvalidated: Bool { tracker.isInvalidated }
  public var retryProgress: RetryProgress<Failure>? { tracker.retryProgress }

  public func isStale(at date: Date) -> Bool {
    isInvalidated || staleness.isStale(updatedAt: valueLastUpdatedAt, at: date)
  }

  /// When the value becomes stale, or nil when it never will (or has no date yet).
  public var staleDate: Date? {
    guard case .after(let duration) = staleness else { return nil }
    return valueLastUpdatedAt?.adding(duration)
  }

  public var automaticRunInput: Void? { () }

  public static func canShareRun(_ input: Void, with runningInput: Void) -> Bool { true }

  public mutating func apply(_ event: OperationEvent<Self>, context: OperationContext) {
    switch event {
    case .runStarted(let run, _, _):
      tracker.start(run)
    case .runYielded(_, let result, let date):
      apply(result, at: date, final: false)
    case .retryScheduled(let run, let progress):
      tracker.scheduleRetry(run, progress)
    case .runFinished(let run, let result, let date):
      if tracker.end(run) { apply(result, at: date, final: true) }
    case .runCancelled(let run):
      tracker.cancel(run)
    case .currentValueSet(let value, let date):
      currentValue = value
      tracker.recordValue(at: date, final: true)
    case .invalidated:
      tracker.isInvalidated = true
    }
  }

  private mutating func apply(_ result: Result<Value, Failure>, at date: Date, final: Bool) {
    switch result {
    case .success(let value):
      currentValue = value
      tracker.recordValue(at: date, final: final)
    case .failure(let failure):
      tracker.recordError(failure, at: date, final: final)
    }
  }
}

import Foundation

/// What every store offers whatever its state type, so a client and a store browser can work
/// with stores of every kind together.
public protocol OperationStoreProtocol: AnyObject, Sendable {
  /// The path of the store's operation.
  var path: OperationPath { get }
  /// The kind of the store's operation.
  var kind: OperationKind { get }
  /// How many subscribers observe the store.
  var subscriberCount: Int { get }
  /// The state, type-erased, with what a store browser shows.
  var snapshot: OperationSnapshot { get }
  /// Runs the operation again: a query fetches, a paginated query refetches its pages, a
  /// mutation retries its latest attempt (and does nothing without one).
  func refetch() async throws
  /// Marks the value invalid; refetches at once if the store has subscribers.
  func invalidate()
  /// Cancels every run in flight.
  func cancel()
  /// Cancels every run and returns to the state before the first run.
  func reset()
}

/// A type-erased picture of a store's state.
public struct OperationSnapshot: Sendable {
  public var path: OperationPath
  public var kind: OperationKind
  public var status: OperationStatus
  public var isLoading: Bool
  public var isStale: Bool
  public var isInvalidated: Bool
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
  /// The retry progress of the run in flight.
  public var retryProgress: RetryProgress<any Error>?
  /// When the snapshot was taken, on the store's clock.
  public var date: Date
}

extension OperationStore: OperationStoreProtocol {
  public var kind: OperationKind { State.kind }

  public var snapshot: OperationSnapshot {
    let (state, subscriberCount) = withStateAndSubscriberCount()
    let date = context.clock.now()
    return OperationSnapshot(
      path: path, kind: State.kind, status: state.status, isLoading: state.isLoading,
      isStale: state.isStale(at: date), isInvalidated: state.isInvalidated,
      subscriberCount: subscriberCount, runCount: state.runCount,
      valueUpdateCount: state.valueUpdateCount, valueLastUpdatedAt: state.valueLastUpdatedAt,
      errorUpdateCount: state.errorUpdateCount, errorLastUpdatedAt: state.errorLastUpdatedAt,
      hasValue: state.hasValue, currentValue: state.currentValue, error: state.error,
      retryProgress: state.retryProgress.map {
        RetryProgress(
          failedAttempts: $0.failedAttempts, retryLimit: $0.retryLimit,
          lastFailure: $0.lastFailure, nextAttemptDate: $0.nextAttemptDate)
      },
      date: date)
  }

  public func refetch() async throws {
    guard let input = state.refetchInput else { return }
    _ = try await run(input)
  }
}

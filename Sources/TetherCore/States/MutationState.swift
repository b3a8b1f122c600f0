import Foundation

/// The state of a mutation: the history of its attempts. The current value and error follow
/// the latest attempt.
public struct MutationState<Arguments: Sendable, Value: Sendable, Failure: Error>: OperationState {
  public typealias RunInput = Arguments
  public typealias OperationValue = Value
  public typealias CurrentValue = Value?

  public static var kind: OperationKind { .mutation }

  /// One attempt of the mutation.
  public struct Attempt: Sendable, Identifiable {
    /// Where an attempt stands.
    public enum Status: String, Sendable, Hashable {
      case running, succeeded, failed, cancelled
    }

    public let id: OperationRunID
    /// The arguments it ran with.
    public let arguments: Arguments
    public internal(set) var status: Status
    public let startDate: Date
    public internal(set) var endDate: Date?
    /// Its value: the final one, or the latest yielded while running.
    public internal(set) var value: Value?
    /// Its failure, if it failed.
    public internal(set) var error: Failure?
  }

  /// The attempts, oldest first; at most `maxHistory(_:)` of them (100 by default).
  public private(set) var history: [Attempt] = []
  public private(set) var currentValue: Value?
  private var tracker = RunTracker<Failure>()
  private let maxHistory: Int

  public init(context: OperationContext) {
    maxHistory = context.maxHistory
  }

  /// The latest attempt.
  public var latestAttempt: Attempt? { history.last }

  public var hasValue: Bool { currentValue != nil }
  public var status: OperationStatus { tracker.status }
  public var isLoading: Bool { tracker.isLoading }
  /// The failure of the latest attempt.
  public var error: Failure? { history.last?.error }
  public var valueUpdateCount: Int { tracker.valueUpdateCount }
  public var valueLastUpdatedAt: Date? { tracker.valueLastUpdatedAt }
  public var errorUpdateCount: Int { tracker.errorUpdateCount }
  public var errorLastUpdatedAt: Date? { tracker.errorLastUpdatedAt }
  public var runCount: Int { tracker.runCount }
  public var isInvalidated: Bool { tracker.isInvalidated }
  public var retryProgress: RetryProgress<Failure>? { tracker.retryProgress }

  /// A mutation never goes stale: it runs only when asked.
  public func isStale(at date: Date) -> Bool { false }

  public var automaticRunInput: Arguments? { nil }

  /// A refetch of a mutation retries its latest attempt.
  public var refetchInput: Arguments? { history.last?.arguments }

  public static func canShareRun(_ input: Arguments, with runningInput: Arguments) -> Bool {
    false
  }

  public mutating func apply(_ event: OperationEvent<Self>, context: OperationContext) {
    switch event {
    case .runStarted(let run, let arguments, let date):
      tracker.start(run)
      history.append(Attempt(id: run, arguments: arguments, status: .running, startDate: date))
      if history.count > maxHistory { history.removeFirst(history.count - maxHistory) }
      currentValue = nil
    case .runYielded(let run, let result, let date):
      update(run, with: result, at: date, final: false)
    case .retryScheduled(let run, let progress):
      tracker.scheduleRetry(run, progress)
    case .runFinished(let run, let result, let date):
      _ = tracker.end(run)
      update(run, with: result, at: date, final: true)
      updateOutcome()
    case .runCancelled(let run):
      tracker.cancel(run)
      if let index = history.firstIndex(where: { $0.id == run }) {
        history[index].status = .cancelled
      }
      updateOutcome()
    case .currentValueSet(let value, let date):
      currentValue = value
      tracker.recordValue(at: date, final: true)
    case .invalidated:
      tracker.isInvalidated = true
    }
  }

  /// The outcome follows the latest attempt that ended with a result.
  private mutating func updateOutcome() {
    switch history.last(where: { $0.status != .cancelled && $0.status != .running })?.status {
    case .succeeded: tracker.outcome = .success
    case .failed: tracker.outcome = .failure
    default: tracker.outcome = .idle
    }
  }

  private mutating func update(
    _ run: OperationRunID, with result: Result<Value, Failure>, at date: Date, final: Bool
  ) {
    guard let index = history.firstIndex(where: { $0.id == run }) else { return }
    let isLatest = index == history.count - 1
    switch result {
    case .success(let value):
      history[index].value = value
      if final {
        history[index].status = .succeeded
        history[index].endDate = date
      }
      if isLatest { currentValue = value }
      tracker.recordValue(at: date, final: false)
    case .failure(let failure):
      history[index].error = failure
      if final {
        history[index].status = .failed
        history[index].endDate = date
      }
      tracker.recordError(failure, at: date, final: false)
    }
  }
}

import Foundation

/// The state of a mutation: the history of its attempts. The current value, the error and the
/// status follow the latest attempt; an older attempt that ends while a newer one runs is
/// recorded in the history only.
public struct MutationState<Arguments: Sendable, Value: Sendable, Failure: Error>: OperationState {
  public typealias RunInput = Arguments
  public typealias OperationValue = Value
  public typealias CurrentValue = Value?

  public static var kind: OperationKind { .mutation }

  /// One attempt of the mutation: one call of `mutate(with:)` (or `retryLatest()`), with every
  /// retry it made.
  public struct Attempt: Sendable, Identifiable {
    /// Where an attempt stands.
    public enum Status: String, Sendable, Hashable {
      case running, succeeded, failed, cancelled
    }

    /// The run's id, which the run log's entries of this attempt carry too.
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

  var storedHistory: [Attempt] = []
  var storedValue: Value?
  var storedTracker = RunTracker<Failure>()
  public var tracker: RunTracker<Failure> { storedTracker }
  var maxHistory: Int

  public init(context: OperationContext) {
    maxHistory = context.options.maxHistory
  }

  /// The attempts, oldest first; at most `maxHistory(_:)` of them (100 by default).
  public var history: [Attempt] { storedHistory }
  /// The latest attempt.
  public var latestAttempt: Attempt? { storedHistory.last }

  public var currentValue: Value? { storedValue }
  public var hasValue: Bool { storedValue != nil }
  /// The failure of the latest attempt.
  public var error: Failure? { storedHistory.last?.error }

  /// A mutation never goes stale: it runs only when asked.
  public func isStale(at date: Date) -> Bool { false }

  public var isInvalidatable: Bool { false }

  public var automaticRunInput: Arguments? { nil }

  /// A mutation is never refetched: re-sending a write is `retryLatest()`, asked for by name.
  public var refetchInput: Arguments? { nil }

  public static func canShareRun(_ input: Arguments, with runningInput: Arguments) -> Bool {
    false
  }

  public mutating func apply(_ event: OperationEvent<Self>) {
    switch event {
    case .runStarted(let run, let arguments, let date):
      storedTracker.start(run)
      storedTracker.status = .pending
      storedTracker.error = nil
      storedHistory.append(
        Attempt(id: run, arguments: arguments, status: .running, startDate: date))
      if storedHistory.count > maxHistory {
        storedHistory.removeFirst(storedHistory.count - maxHistory)
      }
      storedValue = nil
    case .runYielded(let run, let result, let date):
      update(run, with: result, at: date, final: false)
    case .retryScheduled(let run, _) where run != storedHistory.last?.id:
      // Only the latest attempt's retries are shown.
      break
    case .retryScheduled, .attemptStarted, .transferProgressed, .runPaused, .runResumed:
      storedTracker.record(event)
    case .runFinished(let run, let result, let date):
      update(run, with: result, at: date, final: true)
      storedTracker.remove(run)
    case .runCancelled(let run, let reverted, let date):
      storedTracker.cancel(run, reverted: reverted)
      if let index = storedHistory.firstIndex(where: { $0.id == run }) {
        storedHistory[index].status = .cancelled
        storedHistory[index].endDate = date
      }
      if run == storedHistory.last?.id { updateOutcome() }
    case .currentValueSet(let value, let date):
      storedValue = value
      storedTracker.recordValue(at: date, final: true)
    case .placeholderSet:
      break
    case .invalidated:
      break
    case .configured(let context):
      maxHistory = context.options.maxHistory
    }
  }

  /// After the latest attempt was cancelled, the outcome follows the latest attempt that ended
  /// with a result.
  private mutating func updateOutcome() {
    let ended = storedHistory.last { $0.status == .succeeded || $0.status == .failed }
    switch ended?.status {
    case .succeeded: storedTracker.status = .success
    case .failed: storedTracker.status = .failure
    default: storedTracker.status = .pending
    }
  }

  private mutating func update(
    _ run: OperationRunID, with result: Result<Value, Failure>, at date: Date, final: Bool
  ) {
    guard let index = storedHistory.firstIndex(where: { $0.id == run }) else { return }
    // Only the latest attempt moves the value, the counters and the outcome: an older one
    // ending while a newer one runs changes nothing a screen shows.
    let isLatest = index == storedHistory.count - 1
    switch result {
    case .success(let value):
      storedHistory[index].value = value
      if final {
        storedHistory[index].status = .succeeded
        storedHistory[index].endDate = date
      }
      guard isLatest else { return }
      storedValue = value
      storedTracker.recordValue(at: date, final: final)
    case .failure(let failure):
      storedHistory[index].error = failure
      if final {
        storedHistory[index].status = .failed
        storedHistory[index].endDate = date
      }
      guard isLatest else { return }
      storedTracker.recordError(failure, at: date, final: final, of: run)
    }
  }
}

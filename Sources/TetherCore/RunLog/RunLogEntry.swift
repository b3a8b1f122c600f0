import Foundation

/// One timestamped line of a store's run log: a run started, an attempt failed, a retry was
/// scheduled and later sent, a run paused, resumed, yielded, succeeded, failed or was cancelled, or the store
/// was invalidated, reset or had its value set by hand.
///
/// Entries carry what a devtools timeline needs to draw a waterfall without looking anything
/// up: the store's path and kind, the run's id and the attempt's number (stable: the same run
/// keeps its id in every entry, and in ``MutationState/Attempt/id``), and durations.
public struct RunLogEntry: Sendable, Identifiable, CustomStringConvertible {
  /// The entry's number in its store's log, from 1; entries that fell off keep their numbers.
  public let id: UInt64
  /// When it happened, on the store's clock.
  public let date: Date
  /// The store's path.
  public let path: OperationPath
  /// The store's kind.
  public let kind: OperationKind
  /// The run it is about; nil for store events (invalidated, reset, value set).
  public let run: OperationRunID?
  /// The attempt it is about, from 1; nil when it is about no single attempt.
  public let attempt: Int?
  /// What happened.
  public let event: RunLogEvent

  /// `["post", 1] run #2 attempt 1 failed: …`.
  public var description: String {
    var parts = ["\(path)"]
    if let run { parts.append("run \(run)") }
    if let attempt { parts.append("attempt \(attempt)") }
    parts.append(event.description)
    return parts.joined(separator: " ")
  }
}

/// What a run log entry records.
public enum RunLogEvent: Sendable, CustomStringConvertible {
  /// A run started, with what started it and its input (a mutation's arguments, a page
  /// action; nil for a query).
  case runStarted(RunTrigger, input: LoggedValue?)
  /// An attempt failed; `RunLogEntry.attempt` says which.
  case attemptFailed(reason: LoggedValue)
  /// The next attempt is due at `date`; `RunLogEntry.attempt` is that next attempt.
  case retryScheduled(at: Date)
  /// A scheduled attempt was sent, its wait over; `RunLogEntry.attempt` says which.
  case attemptStarted
  /// The run waits, spending no attempt.
  case paused(PauseReason)
  /// A paused run goes on after waiting `duration`.
  case resumed(after: Duration)
  /// The run published an intermediate result.
  case yielded
  /// The run succeeded, `duration` after it started.
  case succeeded(after: Duration)
  /// The run failed for good, `duration` after it started.
  case failed(reason: LoggedValue, after: Duration)
  /// The run was cancelled `duration` after it started; `reverted` when its changes were
  /// undone.
  case cancelled(after: Duration, reverted: Bool)
  /// The store was invalidated.
  case invalidated
  /// The store was reset to its state before the first run.
  case reset
  /// The value was set by hand (an optimistic update, a rollback, a bulk update).
  case valueSet

  /// Whether this entry ends its run.
  public var endsRun: Bool {
    switch self {
    case .succeeded, .failed, .cancelled: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .runStarted(let trigger, let input):
      "started by \(trigger.rawValue)" + (input.map { " with \($0.description(limit: 80))" } ?? "")
    case .attemptFailed(let reason): "failed: \(reason.description(limit: 120))"
    case .retryScheduled(let date): "scheduled for \(date.formatted(.iso8601))"
    case .attemptStarted: "sent"
    case .paused(let reason): "paused (\(reason))"
    case .resumed(let duration): "resumed after \(duration.formattedForLog)"
    case .yielded: "yielded"
    case .succeeded(let duration): "succeeded in \(duration.formattedForLog)"
    case .failed(let reason, let duration):
      "failed in \(duration.formattedForLog): \(reason.description(limit: 120))"
    case .cancelled(let duration, let reverted):
      "cancelled after \(duration.formattedForLog)\(reverted ? ", reverted" : "")"
    case .invalidated: "invalidated"
    case .reset: "reset"
    case .valueSet: "value set"
    }
  }
}

extension Duration {
  /// `1.5 s`, `320 ms`, `12 µs`.
  var formattedForLog: String {
    let seconds = timeInterval
    switch abs(seconds) {
    case ..<1e-3: return String(format: "%.0f µs", seconds * 1e6)
    case ..<1: return String(format: "%.0f ms", seconds * 1e3)
    default: return String(format: "%.1f s", seconds)
    }
  }
}

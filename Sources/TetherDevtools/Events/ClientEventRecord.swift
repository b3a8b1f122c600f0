import Foundation
import TetherCore

/// One client event as the event log keeps it: when, which store, what kind, and for a run
/// log entry the entry itself (its run, attempt and reason).
public struct ClientEventRecord: Sendable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case added, removed, subscribed, unsubscribed, stale
    case run, attempt
    case attemptFailed = "attempt failed"
    case retry, paused, resumed, yielded
    case succeeded, failed, cancelled, invalidated, reset
    case valueSet = "value set"
    case warning
  }

  /// The event's place in the log, from 1.
  public var sequence: UInt64
  public var date: Date
  public var path: OperationPath
  public var isMutation: Bool
  public var kind: Kind
  /// The run log entry, for an event of a run or a store event the run log records.
  public var entry: RunLogEntry?
  /// A warning's text.
  public var warning: String?

  /// What the event says beyond its kind: a run's trigger, a failure's reason, a retry's wait.
  public var detail: String {
    if let warning { return warning }
    guard let entry else { return "" }
    let run = entry.run.map { "run \($0)" } ?? ""
    let attempt = entry.attempt.map { " · attempt \($0)" } ?? ""
    switch entry.event {
    case .runStarted(let trigger, _): return "\(run) · \(trigger)"
    case .attemptFailed(let reason): return "\(run)\(attempt) · \(reason.description(limit: 200))"
    case .failed(let reason, let duration):
      return
        "\(run) · \(reason.description(limit: 200)) · after \(StoreColumns.durationText(duration))"
    case .retryScheduled(let date):
      return "\(run)\(attempt) · in \(StoreColumns.durationText(date.duration(since: self.date)))"
    case .succeeded(let duration): return "\(run) · in \(StoreColumns.durationText(duration))"
    case .cancelled(let duration, let reverted):
      return "\(run) · after \(StoreColumns.durationText(duration))"
        + (reverted ? " · reverted" : "")
    case .paused(let reason): return "\(run) · \(reason)"
    case .resumed(let duration): return "\(run) · after \(StoreColumns.durationText(duration))"
    default: return run + attempt
    }
  }

  /// The kind of a run log entry.
  static func kind(of event: RunLogEvent) -> Kind {
    switch event {
    case .runStarted: .run
    case .attemptStarted: .attempt
    case .attemptFailed: .attemptFailed
    case .retryScheduled: .retry
    case .paused: .paused
    case .resumed: .resumed
    case .yielded: .yielded
    case .succeeded: .succeeded
    case .failed: .failed
    case .cancelled: .cancelled
    case .invalidated: .invalidated
    case .reset: .reset
    case .valueSet: .valueSet
    }
  }
}

import Foundation
import TetherCore
import TetherJSON

/// One store on the wire: its id in this connection, path and kind, every state field the
/// devtools show, its dates, a mutation's attempts. A field at its default — false, 0, no date,
/// `automatic` true — is left out: most of 10,000 stores have most of them.
enum WireStore {
  /// Writes `store` as an object, with `log` (its run log entries) when given, straight into
  /// `json`: no tree of values made first, as a snapshot of 10,000 stores would.
  static func write(
    _ store: any InspectableStore, id: Int, valueLimit: Int, log: [RunLogEntry]? = nil,
    into json: inout JSONWriter
  ) {
    let snapshot = store.snapshot
    json.object { json in
      json.field("id", id)
      json.key("path")
      WireValue.write(snapshot.path, into: &json)
      json.field("kind", snapshot.kind.rawValue)
      json.field("status", snapshot.status.rawValue)
      json.field("fetchStatus", snapshot.fetchStatus.rawValue)
      if snapshot.isStale { json.field("stale", true) }
      if snapshot.isInvalidated { json.field("invalidated", true) }
      if snapshot.isCancelled { json.field("cancelled", true) }
      if snapshot.isPlaceholder { json.field("placeholder", true) }
      if !snapshot.runsAutomatically { json.field("automatic", false) }
      if snapshot.subscriberCount != 0 { json.field("subscribers", snapshot.subscriberCount) }
      if snapshot.runCount != 0 { json.field("runs", snapshot.runCount) }
      if snapshot.valueUpdateCount != 0 { json.field("valueUpdates", snapshot.valueUpdateCount) }
      WireValue.write(snapshot.valueLastUpdatedAt, as: "valueUpdatedAt", into: &json)
      if snapshot.errorUpdateCount != 0 { json.field("errorUpdates", snapshot.errorUpdateCount) }
      WireValue.write(snapshot.errorLastUpdatedAt, as: "errorUpdatedAt", into: &json)
      if snapshot.hasValue { json.field("hasValue", true) }
      if snapshot.failureCount != 0 { json.field("failures", snapshot.failureCount) }
      WireValue.write(snapshot.date, as: "date", into: &json)
      WireValue.write(store.staleDate, as: "staleDate", into: &json)
      WireValue.write(store.collectionDate, as: "collectionDate", into: &json)
      if snapshot.hasValue {
        json.key("value")
        WireValue.write(snapshot.currentValue, limit: valueLimit, into: &json)
      }
      if let simulation = snapshot.simulation { json.field("simulation", simulation.rawValue) }
      if let cancellation = snapshot.cancellation {
        json.field("cancellation", cancellation.rawValue)
      }
      if let error = snapshot.error { json.field("error", failure(error)) }
      if let reason = snapshot.failureReason { json.field("failureReason", failure(reason)) }
      if let retry = snapshot.retryProgress {
        json.key("retry")
        json.object { json in
          json.field("failedAttempts", retry.failedAttempts)
          json.field("retryLimit", retry.retryLimit)
          if retry.failedAttemptsBeforeSeries > 0 {
            json.field("failedAttemptsBeforeSeries", retry.failedAttemptsBeforeSeries)
          }
          json.field("lastFailure", failure(retry.lastFailure))
          WireValue.write(retry.nextAttemptDate, as: "nextAttemptDate", into: &json)
          WireValue.write(retry.nextAttemptStartDate, as: "nextAttemptStartDate", into: &json)
        }
      }
      if snapshot.kind == .mutation {
        writeAttempts(of: store, valueLimit: valueLimit, into: &json)
      }
      if let log, !log.isEmpty {
        json.key("log")
        json.array { json in
          for entry in log {
            WireRunLog.write(entry, store: id, valueLimit: valueLimit, into: &json)
          }
        }
      }
    }
  }

  /// A mutation's latest attempts and arguments.
  private static func writeAttempts(
    of store: any InspectableStore, valueLimit: Int, into json: inout JSONWriter
  ) {
    json.key("attempts")
    json.array { json in
      for attempt in store.attempts.suffix(attemptLimit) {
        json.object { json in
          json.field("run", Int(attempt.id.number))
          json.key("arguments")
          WireValue.write(attempt.arguments.base, limit: valueLimit, into: &json)
          json.field("status", attempt.status.rawValue)
          json.field("start", JSONValue(attempt.startDate))
          json.field("end", JSONValue(attempt.endDate))
          if let value = attempt.value {
            json.key("value")
            WireValue.write(value.base, limit: valueLimit, into: &json)
          }
          if let error = attempt.error { json.field("error", failure(error)) }
        }
      }
    }
    if let arguments = store.latestArguments {
      json.key("latestArguments")
      WireValue.write(arguments.base, limit: valueLimit, into: &json)
    }
  }

  /// How many of a mutation's attempts are sent, the latest.
  static let attemptLimit = 100

  static func failure(_ error: any Error) -> String {
    failure(LoggedValue(error))
  }

  static func failure(_ reason: LoggedValue) -> String {
    Redaction.standard.text(reason.description(limit: WireValue.textLimit))
  }
}

/// A store of another process as its inspector last described it.
public struct InspectedStoreState: Sendable {
  /// The store's number in the connection (or recording) it came from.
  public var id: Int
  public var snapshot: OperationSnapshot
  public var staleDate: Date?
  public var collectionDate: Date?
  public var attempts: [AttemptSnapshot]
  public var latestArguments: LoggedValue?

  public var path: OperationPath { snapshot.path }
  public var kind: OperationKind { snapshot.kind }
}

import Foundation
import TetherCore
import TetherJSON

/// One store on the wire: its id in this connection, path and kind, every state field the
/// devtools show, its dates, a mutation's attempts.
enum WireStore {
  static func encode(_ store: any InspectableStore, id: Int, valueLimit: Int) -> JSONValue {
    let snapshot = store.snapshot
    var object: JSONObject = [
      "id": .number(JSONNumber(id)),
      "path": JSONValue(snapshot.path),
      "kind": .string(snapshot.kind.rawValue),
      "status": .string(snapshot.status.rawValue),
      "fetchStatus": .string(snapshot.fetchStatus.rawValue),
      "stale": .bool(snapshot.isStale),
      "invalidated": .bool(snapshot.isInvalidated),
      "cancelled": .bool(snapshot.isCancelled),
      "placeholder": .bool(snapshot.isPlaceholder),
      "automatic": .bool(snapshot.runsAutomatically),
      "subscribers": .number(JSONNumber(snapshot.subscriberCount)),
      "runs": .number(JSONNumber(snapshot.runCount)),
      "valueUpdates": .number(JSONNumber(snapshot.valueUpdateCount)),
      "valueUpdatedAt": JSONValue(snapshot.valueLastUpdatedAt),
      "errorUpdates": .number(JSONNumber(snapshot.errorUpdateCount)),
      "errorUpdatedAt": JSONValue(snapshot.errorLastUpdatedAt),
      "hasValue": .bool(snapshot.hasValue),
      "failures": .number(JSONNumber(snapshot.failureCount)),
      "date": JSONValue(snapshot.date),
      "staleDate": JSONValue(store.staleDate),
      "collectionDate": JSONValue(store.collectionDate),
    ]
    if snapshot.hasValue {
      object["value"] = WireValue.encode(snapshot.currentValue, limit: valueLimit)
    }
    if let simulation = snapshot.simulation { object["simulation"] = .string(simulation.rawValue) }
    if let cancellation = snapshot.cancellation {
      object["cancellation"] = .string(cancellation.rawValue)
    }
    if let error = snapshot.error { object["error"] = failure(error) }
    if let reason = snapshot.failureReason { object["failureReason"] = failure(reason) }
    if let retry = snapshot.retryProgress {
      object["retry"] = [
        "failedAttempts": .number(JSONNumber(retry.failedAttempts)),
        "retryLimit": .number(JSONNumber(retry.retryLimit)),
        "lastFailure": failure(retry.lastFailure),
        "nextAttemptDate": JSONValue(retry.nextAttemptDate),
        "nextAttemptStartDate": JSONValue(retry.nextAttemptStartDate),
      ]
    }
    if snapshot.kind == .mutation {
      object["attempts"] = .array(
        store.attempts.suffix(attemptLimit).map { attempt in
          var fields: JSONObject = [
            "run": .number(JSONNumber(attempt.id.number)),
            "arguments": WireValue.encode(attempt.arguments.base, limit: valueLimit),
            "status": .string(attempt.status.rawValue),
            "start": JSONValue(attempt.startDate),
            "end": JSONValue(attempt.endDate),
          ]
          if let value = attempt.value {
            fields["value"] = WireValue.encode(value.base, limit: valueLimit)
          }
          if let error = attempt.error { fields["error"] = failure(error) }
          return .object(fields)
        })
      if let arguments = store.latestArguments {
        object["latestArguments"] = WireValue.encode(arguments.base, limit: valueLimit)
      }
    }
    return .object(object)
  }

  /// How many of a mutation's attempts are sent, the latest.
  static let attemptLimit = 100

  static func failure(_ error: any Error) -> JSONValue {
    failure(LoggedValue(error))
  }

  static func failure(_ reason: LoggedValue) -> JSONValue {
    .string(Redaction.standard.text(reason.description(limit: WireValue.textLimit)))
  }

  /// The store `json` describes, or nil when it is not a store.
  static func decode(_ json: JSONValue) -> InspectedStoreState? {
    guard let id = json["id"]?.int, let path = json["path"]?.path,
      let kind = json["kind"]?.string.flatMap(OperationKind.init(rawValue:)),
      let status = json["status"]?.string.flatMap(OperationStatus.init(rawValue:)),
      let fetchStatus = json["fetchStatus"]?.string.flatMap(FetchStatus.init(rawValue:)),
      let date = json["date"]?.date
    else { return nil }
    let retry = json["retry"].flatMap { retry -> RetryProgress<any Error>? in
      guard let failed = retry["failedAttempts"]?.int, let limit = retry["retryLimit"]?.int,
        let next = retry["nextAttemptDate"]?.date
      else { return nil }
      return RetryProgress(
        failedAttempts: failed, retryLimit: limit,
        lastFailure: InspectedFailure(retry["lastFailure"]?.string ?? ""), nextAttemptDate: next,
        nextAttemptStartDate: retry["nextAttemptStartDate"]?.date)
    }
    let hasValue = json["hasValue"]?.bool ?? false
    let snapshot = OperationSnapshot(
      at: path, kind: kind, status: status, fetchStatus: fetchStatus,
      isStale: json["stale"]?.bool ?? false, isInvalidated: json["invalidated"]?.bool ?? false,
      isCancelled: json["cancelled"]?.bool ?? false,
      isPlaceholder: json["placeholder"]?.bool ?? false,
      runsAutomatically: json["automatic"]?.bool ?? true,
      subscriberCount: json["subscribers"]?.int ?? 0, runCount: json["runs"]?.int ?? 0,
      valueUpdateCount: json["valueUpdates"]?.int ?? 0,
      valueLastUpdatedAt: json["valueUpdatedAt"]?.date,
      errorUpdateCount: json["errorUpdates"]?.int ?? 0,
      errorLastUpdatedAt: json["errorUpdatedAt"]?.date, hasValue: hasValue,
      currentValue: hasValue ? WireValue.decode(json["value"]) : InspectedText(""),
      error: json["error"]?.string.map(InspectedFailure.init),
      failureCount: json["failures"]?.int ?? 0,
      failureReason: json["failureReason"]?.string.map(InspectedFailure.init),
      retryProgress: retry, date: date,
      cancellation: json["cancellation"]?.string.flatMap(RunCancellation.init(rawValue:)),
      simulation: json["simulation"]?.string.flatMap(SimulatedState.Kind.init(rawValue:)))
    let attempts = (json["attempts"]?.array ?? []).compactMap { attempt -> AttemptSnapshot? in
      guard let run = attempt["run"]?.int, run > 0,
        let status = attempt["status"]?.string.flatMap(AttemptSnapshot.Status.init(rawValue:)),
        let start = attempt["start"]?.date
      else { return nil }
      return AttemptSnapshot(
        run: OperationRunID(number: UInt64(run)),
        arguments: LoggedValue(WireValue.decode(attempt["arguments"])), status: status,
        startDate: start, endDate: attempt["end"]?.date,
        value: attempt["value"].map { LoggedValue(WireValue.decode($0)) },
        error: attempt["error"]?.string.map(InspectedFailure.init))
    }
    return InspectedStoreState(
      id: id, snapshot: snapshot, staleDate: json["staleDate"]?.date,
      collectionDate: json["collectionDate"]?.date, attempts: attempts,
      latestArguments: json["latestArguments"].map { LoggedValue(WireValue.decode($0)) })
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

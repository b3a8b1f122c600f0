import Foundation
import TetherCore
import TetherJSON

/// A store of a `snapshotStores` or `stores` line, read straight from the line's text with no
/// tree of values made first (10,000 of them come at once when a viewer attaches): its state —
/// nil when a field it cannot do without is missing — and its run log entries.
struct DecodedStore: Decodable {
  var state: InspectedStoreState?
  var log: [RunLogEntry] = []

  private enum Key: String, CodingKey {
    case id, path, kind, status, fetchStatus, stale, invalidated, cancelled, placeholder
    case automatic, subscribers, runs, valueUpdates, valueUpdatedAt, errorUpdates
    case errorUpdatedAt, hasValue, value, error, failures, failureReason, retry, date
    case staleDate, collectionDate, cancellation, simulation, attempts, latestArguments, log
  }

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: Key.self)
    guard let id = fields.field(.id, as: Int.self),
      let path = fields.field(.path, as: JSONValue.self)?.path,
      let kind = fields.field(.kind, as: String.self).flatMap(OperationKind.init(rawValue:)),
      let status = fields.field(.status, as: String.self).flatMap(OperationStatus.init(rawValue:)),
      let fetchStatus = fields.field(.fetchStatus, as: String.self).flatMap(
        FetchStatus.init(rawValue:)),
      let date = fields.date(.date)
    else { return }
    let hasValue = fields.field(.hasValue, as: Bool.self) ?? false
    let snapshot = OperationSnapshot(
      at: path, kind: kind, status: status, fetchStatus: fetchStatus,
      isStale: fields.field(.stale) ?? false, isInvalidated: fields.field(.invalidated) ?? false,
      isCancelled: fields.field(.cancelled) ?? false,
      isPlaceholder: fields.field(.placeholder) ?? false,
      runsAutomatically: fields.field(.automatic) ?? true,
      subscriberCount: fields.field(.subscribers) ?? 0, runCount: fields.field(.runs) ?? 0,
      valueUpdateCount: fields.field(.valueUpdates) ?? 0,
      valueLastUpdatedAt: fields.date(.valueUpdatedAt),
      errorUpdateCount: fields.field(.errorUpdates) ?? 0,
      errorLastUpdatedAt: fields.date(.errorUpdatedAt), hasValue: hasValue,
      currentValue: hasValue
        ? WireValue.decode(fields.field(.value, as: JSONValue.self)) : InspectedText(""),
      error: fields.field(.error, as: String.self).map(InspectedFailure.init),
      failureCount: fields.field(.failures) ?? 0,
      failureReason: fields.field(.failureReason, as: String.self).map(InspectedFailure.init),
      retryProgress: fields.field(.retry, as: JSONValue.self).flatMap(Self.retry), date: date,
      cancellation: fields.field(.cancellation, as: String.self).flatMap(
        RunCancellation.init(rawValue:)),
      simulation: fields.field(.simulation, as: String.self).flatMap(
        SimulatedState.Kind.init(rawValue:)))
    state = InspectedStoreState(
      id: id, snapshot: snapshot, staleDate: fields.date(.staleDate),
      collectionDate: fields.date(.collectionDate),
      attempts: (fields.field(.attempts, as: JSONValue.self)?.array ?? []).compactMap(
        Self.attempt),
      latestArguments: fields.field(.latestArguments, as: JSONValue.self).map {
        LoggedValue(WireValue.decode($0))
      })
    let entries = fields.field(.log, as: [Lenient<DecodedRunLogEntry>].self) ?? []
    log = entries.compactMap { $0.value?.entry(path: path, kind: kind) }
  }

  private static func retry(_ retry: JSONValue) -> RetryProgress<any Error>? {
    guard let failed = retry["failedAttempts"]?.integer, let limit = retry["retryLimit"]?.integer,
      let next = retry["nextAttemptDate"]?.date
    else { return nil }
    return RetryProgress(
      failedAttempts: failed, retryLimit: limit,
      lastFailure: InspectedFailure(retry["lastFailure"]?.string ?? ""), nextAttemptDate: next,
      nextAttemptStartDate: retry["nextAttemptStartDate"]?.date,
      failedAttemptsBeforeSeries: max(
        0, min(failed, retry["failedAttemptsBeforeSeries"]?.integer ?? 0))
    )
  }

  private static func attempt(_ attempt: JSONValue) -> AttemptSnapshot? {
    guard let run = attempt["run"]?.integer, run > 0,
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
}

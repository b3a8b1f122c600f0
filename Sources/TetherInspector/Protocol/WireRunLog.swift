import Foundation
import TetherCore
import TetherJSON

/// A run log entry on the wire, with the id of its store.
enum WireRunLog {
  /// Writes `entry` of store `store` as an object into `json`.
  static func write(_ entry: RunLogEntry, store: Int, valueLimit: Int, into json: inout JSONWriter)
  {
    json.object { json in
      json.field("store", store)
      json.field("number", Int(entry.id))
      WireValue.write(entry.date, as: "date", into: &json)
      if let run = entry.run { json.field("run", Int(run.number)) }
      if let attempt = entry.attempt { json.field("attempt", attempt) }
      json.key("event")
      json.object { json in event(entry.event, valueLimit: valueLimit, into: &json) }
    }
  }

  private static func event(_ event: RunLogEvent, valueLimit: Int, into json: inout JSONWriter) {
    switch event {
    case .runStarted(let trigger, let input):
      json.field("type", "runStarted")
      json.field("trigger", trigger.rawValue)
      if let input {
        json.key("input")
        WireValue.write(input.base, limit: valueLimit, into: &json)
      }
    case .attemptFailed(let reason):
      json.field("type", "attemptFailed")
      json.field("reason", WireStore.failure(reason))
    case .retryScheduled(let date):
      json.field("type", "retryScheduled")
      WireValue.write(date, as: "at", into: &json)
    case .attemptStarted:
      json.field("type", "attemptStarted")
    case .paused(let reason):
      json.field("type", "paused")
      switch reason {
      case .offline: json.field("reason", "offline")
      case .unfocused: json.field("reason", "unfocused")
      case .scope(let scope):
        json.field("reason", "scope")
        json.field("scope", scope)
      }
    case .resumed(let duration):
      json.field("type", "resumed")
      json.field("after", JSONValue(duration))
    case .yielded:
      json.field("type", "yielded")
    case .succeeded(let duration):
      json.field("type", "succeeded")
      json.field("after", JSONValue(duration))
    case .failed(let reason, let duration):
      json.field("type", "failed")
      json.field("reason", WireStore.failure(reason))
      json.field("after", JSONValue(duration))
    case .cancelled(let duration, let reverted):
      json.field("type", "cancelled")
      json.field("after", JSONValue(duration))
      json.field("reverted", reverted)
    case .invalidated:
      json.field("type", "invalidated")
    case .reset:
      json.field("type", "reset")
    case .valueSet:
      json.field("type", "valueSet")
    }
  }

  /// The entry `json` describes for the store at `path` of kind `kind`, and its store's id.
  static func decode(_ json: JSONValue, path: (Int) -> (OperationPath, OperationKind)?)
    -> (store: Int, entry: RunLogEntry)?
  {
    guard let store = json["store"]?.int, let (path, kind) = path(store),
      let number = json["number"]?.int, number >= 0, let date = json["date"]?.date,
      let event = json["event"].flatMap(event)
    else { return nil }
    let run = json["run"]?.int.flatMap { $0 > 0 ? OperationRunID(number: UInt64($0)) : nil }
    return (
      store,
      RunLogEntry(
        number: UInt64(number), date: date, path: path, kind: kind, run: run,
        attempt: json["attempt"]?.int, event: event)
    )
  }

  private static func event(_ json: JSONValue) -> RunLogEvent? {
    func reason() -> LoggedValue { LoggedValue(InspectedFailure(json["reason"]?.string ?? "")) }
    let after = json["after"]?.duration ?? .zero
    switch json["type"]?.string {
    case "runStarted":
      guard let trigger = json["trigger"]?.string.flatMap(RunTrigger.init(rawValue:)) else {
        return nil
      }
      return .runStarted(trigger, input: json["input"].map { LoggedValue(WireValue.decode($0)) })
    case "attemptFailed": return .attemptFailed(reason: reason())
    case "retryScheduled": return json["at"]?.date.map { .retryScheduled(at: $0) }
    case "attemptStarted": return .attemptStarted
    case "paused":
      switch json["reason"]?.string {
      case "scope": return .paused(.scope(json["scope"]?.string ?? ""))
      case "unfocused": return .paused(.unfocused)
      default: return .paused(.offline)
      }
    case "resumed": return .resumed(after: after)
    case "yielded": return .yielded
    case "succeeded": return .succeeded(after: after)
    case "failed": return .failed(reason: reason(), after: after)
    case "cancelled": return .cancelled(after: after, reverted: json["reverted"]?.bool ?? false)
    case "invalidated": return .invalidated
    case "reset": return .reset
    case "valueSet": return .valueSet
    default: return nil
    }
  }
}

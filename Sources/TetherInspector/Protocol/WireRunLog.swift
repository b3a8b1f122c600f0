import Foundation
import TetherCore
import TetherJSON

/// A run log entry on the wire, with the id of its store.
enum WireRunLog {
  static func encode(_ entry: RunLogEntry, store: Int, valueLimit: Int) -> JSONValue {
    var object: JSONObject = [
      "store": .number(JSONNumber(store)),
      "number": .number(JSONNumber(entry.id)),
      "date": JSONValue(entry.date),
    ]
    if let run = entry.run { object["run"] = .number(JSONNumber(run.number)) }
    if let attempt = entry.attempt { object["attempt"] = .number(JSONNumber(attempt)) }
    object["event"] = event(entry.event, valueLimit: valueLimit)
    return .object(object)
  }

  private static func event(_ event: RunLogEvent, valueLimit: Int) -> JSONValue {
    switch event {
    case .runStarted(let trigger, let input):
      var object: JSONObject = ["type": "runStarted", "trigger": .string(trigger.rawValue)]
      if let input { object["input"] = WireValue.encode(input.base, limit: valueLimit) }
      return .object(object)
    case .attemptFailed(let reason):
      return ["type": "attemptFailed", "reason": WireStore.failure(reason)]
    case .retryScheduled(let date):
      return ["type": "retryScheduled", "at": JSONValue(date)]
    case .attemptStarted:
      return ["type": "attemptStarted"]
    case .paused(.offline):
      return ["type": "paused", "reason": "offline"]
    case .paused(.unfocused):
      return ["type": "paused", "reason": "unfocused"]
    case .paused(.scope(let scope)):
      return ["type": "paused", "reason": "scope", "scope": .string(scope)]
    case .resumed(let duration):
      return ["type": "resumed", "after": JSONValue(duration)]
    case .yielded:
      return ["type": "yielded"]
    case .succeeded(let duration):
      return ["type": "succeeded", "after": JSONValue(duration)]
    case .failed(let reason, let duration):
      return ["type": "failed", "reason": WireStore.failure(reason), "after": JSONValue(duration)]
    case .cancelled(let duration, let reverted):
      return ["type": "cancelled", "after": JSONValue(duration), "reverted": .bool(reverted)]
    case .invalidated:
      return ["type": "invalidated"]
    case .reset:
      return ["type": "reset"]
    case .valueSet:
      return ["type": "valueSet"]
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

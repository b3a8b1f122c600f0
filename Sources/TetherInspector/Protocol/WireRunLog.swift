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
}

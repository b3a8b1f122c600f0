import Foundation
import TetherCore
import TetherJSON

/// A run log entry of a line (a store's log in a snapshot, a `log` batch), read straight from
/// the line's text: its store's id and fields, made an entry once its store's path is known.
struct DecodedRunLogEntry: Decodable {
  var store: Int?
  var number: Int?
  var date: Date?
  var run: Int?
  var attempt: Int?
  var event: RunLogEvent?

  private enum Key: String, CodingKey {
    case store, number, date, run, attempt, event
  }

  private enum EventKey: String, CodingKey {
    case type, trigger, input, reason, at, scope, after, reverted
  }

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: Key.self)
    store = fields.field(.store)
    number = fields.field(.number)
    date = fields.date(.date)
    run = fields.field(.run)
    attempt = fields.field(.attempt)
    if let event = try? fields.nestedContainer(keyedBy: EventKey.self, forKey: .event) {
      self.event = Self.event(event)
    }
  }

  /// The entry, for the store at `path` of kind `kind`; nil when a field it needs is missing.
  func entry(path: OperationPath, kind: OperationKind) -> RunLogEntry? {
    guard let number, number >= 0, let date, let event else { return nil }
    return RunLogEntry(
      number: UInt64(number), date: date, path: path, kind: kind,
      run: run.flatMap { $0 > 0 ? OperationRunID(number: UInt64($0)) : nil }, attempt: attempt,
      event: event)
  }

  /// The entry and its store's id, the store's path and kind found by `path`.
  func entry(path: (Int) -> (OperationPath, OperationKind)?) -> (store: Int, entry: RunLogEntry)? {
    guard let store, let (path, kind) = path(store), let entry = entry(path: path, kind: kind)
    else { return nil }
    return (store, entry)
  }

  private static func event(_ json: KeyedDecodingContainer<EventKey>) -> RunLogEvent? {
    func reason() -> LoggedValue {
      LoggedValue(InspectedFailure(json.field(.reason, as: String.self) ?? ""))
    }
    let after =
      json.field(.after, as: Double.self).flatMap(Duration.init(protocolSeconds:)) ?? .zero
    switch json.field(.type, as: String.self) {
    case "runStarted":
      guard let trigger = json.field(.trigger, as: String.self).flatMap(RunTrigger.init(rawValue:))
      else { return nil }
      return .runStarted(
        trigger,
        input: json.field(.input, as: JSONValue.self).map { LoggedValue(WireValue.decode($0)) })
    case "attemptFailed": return .attemptFailed(reason: reason())
    case "retryScheduled": return json.date(.at).map { .retryScheduled(at: $0) }
    case "attemptStarted": return .attemptStarted
    case "paused":
      switch json.field(.reason, as: String.self) {
      case "scope": return .paused(.scope(json.field(.scope, as: String.self) ?? ""))
      case "unfocused": return .paused(.unfocused)
      default: return .paused(.offline)
      }
    case "resumed": return .resumed(after: after)
    case "yielded": return .yielded
    case "succeeded": return .succeeded(after: after)
    case "failed": return .failed(reason: reason(), after: after)
    case "cancelled":
      return .cancelled(after: after, reverted: json.field(.reverted, as: Bool.self) ?? false)
    case "invalidated": return .invalidated
    case "reset": return .reset
    case "valueSet": return .valueSet
    default: return nil
    }
  }
}

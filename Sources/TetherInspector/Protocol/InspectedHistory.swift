import Foundation
import TetherCore
import TetherJSON

/// One value a store held, as an exported session carries it: when, what brought it, and the
/// value as compact JSON text.
public struct InspectedHistoryEntry: Sendable, Hashable {
  /// What brought a value: `run`, `yielded`, `manualSet` or `initial`.
  public var cause: String
  /// The run that brought it, if a run did.
  public var run: OperationRunID?
  /// What started that run (`refetch`, `poll`…), if known.
  public var trigger: RunTrigger?
  public var date: Date
  /// The value, compact JSON.
  public var json: String

  /// An entry brought by `cause` (and `run`, started by `trigger`) at `date`, holding `json`.
  public init(
    cause: String, run: OperationRunID? = nil, trigger: RunTrigger? = nil, date: Date,
    json: String
  ) {
    self.cause = cause
    self.run = run
    self.trigger = trigger
    self.date = date
    self.json = json
  }
}

/// Value histories on the wire: a `history` line of stores, each with its values, oldest first
/// — `{"type":"history","stores":[{"id":3,"entries":[{"cause":"run","run":2,"trigger":"refetch",
/// "date":…,"value":{…}}]}]}`. Only exported sessions carry it; a reader that does not know it
/// skips the line.
enum WireHistory {
  static func encode(_ stores: [(store: Int, entries: [InspectedHistoryEntry])]) -> JSONValue {
    [
      "type": "history",
      "stores": .array(
        stores.map { store in
          [
            "id": .number(JSONNumber(store.store)),
            "entries": .array(store.entries.map(encode)),
          ]
        }),
    ]
  }

  private static func encode(_ entry: InspectedHistoryEntry) -> JSONValue {
    var object: JSONObject = [
      "cause": .string(entry.cause), "date": JSONValue(entry.date),
      "value": (try? JSONValue(parsing: Array(entry.json.utf8))) ?? .string(entry.json),
    ]
    if let run = entry.run { object["run"] = .number(JSONNumber(Int(run.number))) }
    if let trigger = entry.trigger { object["trigger"] = .string(trigger.rawValue) }
    return .object(object)
  }

  static func decode(_ json: JSONValue) -> [(store: Int, entries: [InspectedHistoryEntry])] {
    (json["stores"]?.array ?? []).compactMap { store in
      guard let id = store["id"]?.integer else { return nil }
      let entries = (store["entries"]?.array ?? []).compactMap {
        entry -> InspectedHistoryEntry? in
        guard let cause = entry["cause"]?.string, let date = entry["date"]?.date,
          let value = entry["value"]
        else { return nil }
        return InspectedHistoryEntry(
          cause: cause,
          run: entry["run"]?.integer.flatMap { $0 > 0 ? OperationRunID(number: UInt64($0)) : nil },
          trigger: entry["trigger"]?.string.flatMap(RunTrigger.init(rawValue:)), date: date,
          json: value.text())
      }
      return (id, entries)
    }
  }
}

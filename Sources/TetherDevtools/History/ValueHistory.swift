import Foundation
import TetherCore
import TetherJSON

/// How much value history the devtools keep for each store: at most `count` values and at
/// most `bytes` of their JSON text, the oldest dropped first (the latest value is always
/// kept, however large).
public struct HistoryLimits: Sendable, Hashable {
  public var count: Int
  public var bytes: Int

  /// At most `count` values and `bytes` bytes of JSON per store.
  public init(count: Int = 16, bytes: Int = 512 * 1024) {
    self.count = max(1, count)
    self.bytes = max(0, bytes)
  }
}

/// One value a store held: when it came, what brought it (a run and its trigger, a value set
/// by hand), and the value as compact JSON text — text, not a tree, because a store's history
/// is read rarely and text is the smallest way to keep it.
public struct HistoryEntry: Sendable, Hashable {
  /// What brought a value.
  public enum Cause: Sendable, Hashable {
    /// Run `run`, started by `trigger` (nil when its start fell off the run log).
    case run(OperationRunID?, trigger: RunTrigger?)
    /// A value yielded while run `run` was going.
    case yielded(OperationRunID?)
    /// A value set by hand (`setValue`, an optimistic update, an edit in the devtools).
    case manualSet
    /// The value the store held when the devtools first looked.
    case initial
  }

  /// The entry's number in its store's history, from 1; entries dropped keep their numbers.
  public var sequence: Int
  public var date: Date
  public var cause: Cause
  /// The value, compact JSON.
  public var json: String
  /// Whether the value differs from the one before it.
  public var changed: Bool

  /// The run that brought the value, if a run did.
  public var run: OperationRunID? {
    switch cause {
    case .run(let run, _), .yielded(let run): run
    case .manualSet, .initial: nil
    }
  }

  /// `run #4 refetch`, `value set by hand`.
  public var causeText: String {
    switch cause {
    case .run(let run, let trigger):
      let number = run.map { "run #\($0.number)" } ?? "a run"
      return number + (trigger.map { " \($0)" } ?? "")
    case .yielded(let run): return "yielded by " + (run.map { "run #\($0.number)" } ?? "a run")
    case .manualSet: return "value set by hand"
    case .initial: return "held when the devtools first looked"
    }
  }

  /// The value as a tree, parsed again from its text.
  public var value: JSONValue {
    (try? JSONValue(parsing: Array(json.utf8))) ?? .string(json)
  }
}

/// A store's last values, oldest first, bounded by ``HistoryLimits``.
public struct ValueHistory: Sendable, Hashable {
  public private(set) var entries: [HistoryEntry] = []
  /// The bytes of JSON text the entries hold.
  public private(set) var bytes = 0
  /// How many values were dropped to keep within the limits.
  public private(set) var dropped = 0
  public var limits: HistoryLimits

  /// An empty history kept within `limits`.
  public init(limits: HistoryLimits = HistoryLimits()) {
    self.limits = limits
  }

  /// Adds `json`, brought by `cause` at `date`; the oldest values go while over the limits.
  public mutating func append(_ json: String, cause: HistoryEntry.Cause, at date: Date) {
    let changed = entries.last.map { $0.json != json } ?? true
    entries.append(
      HistoryEntry(
        sequence: dropped + entries.count + 1, date: date, cause: cause, json: json,
        changed: changed))
    bytes += json.utf8.count
    while entries.count > 1, entries.count > limits.count || bytes > limits.bytes {
      bytes -= entries.removeFirst().json.utf8.count
      dropped += 1
    }
  }

  /// The runs whose value differed from the one before.
  public var changingRuns: Set<OperationRunID> {
    Set(entries.lazy.filter(\.changed).compactMap(\.run))
  }
}

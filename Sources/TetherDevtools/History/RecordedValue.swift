import Foundation
import TetherCore

/// A value a store held before the devtools looked, as a recording or an exported session
/// kept it: the devtools begin the store's history with these instead of the value it holds.
public struct RecordedValue: Sendable, Hashable {
  /// The value, compact JSON.
  public var json: String
  /// What brought it.
  public var cause: HistoryEntry.Cause
  public var date: Date

  /// The value `json`, brought by `cause` at `date`.
  public init(json: String, cause: HistoryEntry.Cause, date: Date) {
    self.json = json
    self.cause = cause
    self.date = date
  }
}

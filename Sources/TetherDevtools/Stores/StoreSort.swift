import Foundation

/// How the store view orders the stores of a group (groups follow their first store).
public struct StoreSort: Hashable, Sendable {
  /// What the stores are ordered by.
  public enum Key: String, CaseIterable, Sendable, Hashable {
    /// Natural order of the paths: `["post", 2]` before `["post", 12]`.
    case path
    /// What needs attention first: fetching and paused, then errors, fresh, stale, inactive
    /// (TanStack's order, with errors), ties by last update, newest first.
    case status
    /// The latest change of value or error, newest first.
    case lastUpdate = "last update"
  }

  public var key: Key
  /// Ascending is the key's natural direction (newest first for the last update).
  public var ascending: Bool

  /// An order by `key`, in its natural direction unless `ascending` is false.
  public init(_ key: Key = .path, ascending: Bool = true) {
    self.key = key
    self.ascending = ascending
  }

  /// The next key, ascending: path → status → last update → path.
  public func next() -> StoreSort {
    let keys = Key.allCases
    let index = keys.firstIndex(of: key).map { ($0 + 1) % keys.count } ?? 0
    return StoreSort(keys[index])
  }

  /// `path ▲`.
  public var label: String { "\(key.rawValue) \(ascending ? "▲" : "▼")" }

  /// The rank of a label under the status order.
  static func rank(_ status: StoreStatus) -> Int {
    switch status {
    case .fetching, .retrying, .paused: 0
    case .error: 1
    case .fresh: 2
    case .stale: 3
    case .inactive: 4
    }
  }

  static func rank(_ status: MutationStatus) -> Int {
    switch status {
    case .pending, .paused: 0
    case .error: 1
    case .success: 2
    case .idle: 3
    }
  }

  /// The value a node sorts by; groups take their best store's.
  struct Rank: Comparable {
    var primary: Int
    var date: Double
    var order: NaturalOrder

    static func < (left: Rank, right: Rank) -> Bool {
      if left.primary != right.primary { return left.primary < right.primary }
      if left.date != right.date { return left.date > right.date }
      return left.order < right.order
    }
  }

  func rank(of record: StoreRecord, at now: Date) -> Rank {
    let date = record.lastUpdate?.timeIntervalSinceReferenceDate ?? -.infinity
    switch key {
    case .path:
      return Rank(primary: 0, date: 0, order: record.order)
    case .status:
      let primary =
        record.isMutation
        ? Self.rank(record.mutationStatus) : Self.rank(record.status(at: now))
      return Rank(primary: primary, date: date, order: record.order)
    case .lastUpdate:
      return Rank(primary: 0, date: date, order: record.order)
    }
  }
}

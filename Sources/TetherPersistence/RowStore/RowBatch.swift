/// Changes to a ``SQLiteRowStore``, written together in one transaction.
///
/// A batch keeps only the latest change per key, so batches merged while the worker is busy
/// write each row once.
///
/// ```swift
/// var batch = RowBatch()
/// batch.put(StoredRow(key: #"["post",1]"#, value: data, updatedAt: date))
/// batch.remove(key: #"["post",2]"#)
/// batch.metadata = StoredMetadata(buster: "v3", savedAt: date, formatVersion: 1)
/// rows.enqueue(batch)
/// ```
public struct RowBatch: Sendable, Hashable {
  /// The latest change of each key: a row to write, or nil to delete the key.
  public private(set) var changes: [String: StoredRow?] = [:]
  /// Whether every row and the metadata written before this batch are deleted first.
  public private(set) var removesAllRows = false
  /// The metadata to write with the batch, if any.
  public var metadata: StoredMetadata?

  /// An empty batch of row writes and deletions.
  public init() {}

  /// Writes `row`, replacing any row with its key.
  public mutating func put(_ row: StoredRow) {
    changes[row.key] = .some(row)
  }

  /// Deletes the row with `key`, if there is one.
  public mutating func remove(key: String) {
    changes[key] = .some(nil)
  }

  /// Deletes every row and the metadata, including what was put in this batch so far.
  public mutating func removeAllRows() {
    changes.removeAll()
    metadata = nil
    removesAllRows = true
  }

  /// Whether the batch writes nothing.
  public var isEmpty: Bool { changes.isEmpty && !removesAllRows && metadata == nil }

  /// This batch followed by `later`: `later` wins where both change a key.
  public func merging(_ later: RowBatch) -> RowBatch {
    if later.removesAllRows { return later }
    var merged = self
    merged.changes.merge(later.changes) { _, new in new }
    merged.metadata = later.metadata ?? metadata
    return merged
  }
}

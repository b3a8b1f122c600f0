import Foundation
import TetherPersistence

/// Rows and batches for tests.
enum Rows {
  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  static func row(_ key: String, _ text: String, at seconds: Double = 0) -> StoredRow {
    StoredRow(key: key, value: Data(text.utf8), updatedAt: date.addingTimeInterval(seconds))
  }

  static func batch(_ rows: StoredRow..., metadata: StoredMetadata? = nil) -> RowBatch {
    var batch = RowBatch()
    for row in rows { batch.put(row) }
    batch.metadata = metadata
    return batch
  }

  static func metadata(_ buster: String = "v1", version: Int = 1) -> StoredMetadata {
    StoredMetadata(buster: buster, savedAt: date, formatVersion: version)
  }

  /// The rows of `contents` by key.
  static func byKey(_ contents: StoredContents) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: contents.rows.map {
        ($0.key, String(decoding: $0.value, as: UTF8.self))
      }
    )
  }
}

import Foundation

/// One row of a ``SQLiteRowStore``: the encoded state of one store, under a stable text key of
/// its path.
public struct StoredRow: Sendable, Hashable {
  /// The key of the row, unique in the file (a persister uses a stable text form of the path).
  public var key: String
  /// The encoded state.
  public var value: Data
  /// When the state last changed (its value's update date), so a reader can tell old from new
  /// without decoding the value.
  public var updatedAt: Date

  /// A row: a store's key, its encoded data, and when that data last changed.
  public init(key: String, value: Data, updatedAt: Date) {
    self.key = key
    self.value = value
    self.updatedAt = updatedAt
  }
}

/// What a ``SQLiteRowStore`` keeps about the whole snapshot: which build wrote it and when.
public struct StoredMetadata: Sendable, Hashable {
  /// A version string the app chooses; a persister discards a snapshot whose buster differs
  /// from its own (a new release whose values decode differently, a signed-out user).
  public var buster: String
  /// When the snapshot was last written.
  public var savedAt: Date
  /// The version of the rows' encoding, which the persister that writes them chooses.
  public var formatVersion: Int

  /// A file's metadata: the buster and format version of what it holds, and when it was saved.
  public init(buster: String, savedAt: Date, formatVersion: Int) {
    self.buster = buster
    self.savedAt = savedAt
    self.formatVersion = formatVersion
  }
}

/// Everything a ``SQLiteRowStore`` read from its file at start.
public struct StoredContents: Sendable, Hashable {
  /// The metadata row, or nil when none was written yet (or the file could not be read).
  public var metadata: StoredMetadata?
  /// Every row, in no particular order.
  public var rows: [StoredRow]

  /// What a file holds: its metadata and its rows.
  public init(metadata: StoredMetadata? = nil, rows: [StoredRow] = []) {
    self.metadata = metadata
    self.rows = rows
  }

  /// Nothing: what a store that starts empty reads.
  public static let empty = StoredContents()
}

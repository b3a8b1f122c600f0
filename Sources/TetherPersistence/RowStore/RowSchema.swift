/// The tables of a ``SQLiteRowStore`` file, and the statements that read and write them.
enum RowSchema {
  /// Version 1: one row per key, and one metadata row.
  static let schema = SQLiteSchema(migrations: [
    """
    CREATE TABLE entries (
      key TEXT PRIMARY KEY NOT NULL,
      value BLOB NOT NULL,
      updated_at REAL NOT NULL
    );
    CREATE TABLE metadata (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      buster TEXT NOT NULL,
      saved_at REAL NOT NULL,
      format_version INTEGER NOT NULL
    );
    """
  ])

  // In table order, not key order: reading the rows does not depend on the key index.
  static let selectRows = "SELECT key, value, updated_at FROM entries"
  static let selectMetadata = "SELECT buster, saved_at, format_version FROM metadata WHERE id = 1"
  static let upsertRow = """
    INSERT INTO entries (key, value, updated_at) VALUES (?1, ?2, ?3)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
    """
  static let deleteRow = "DELETE FROM entries WHERE key = ?1"
  static let deleteAllRows = "DELETE FROM entries"
  static let deleteMetadata = "DELETE FROM metadata"
  static let upsertMetadata = """
    INSERT INTO metadata (id, buster, saved_at, format_version) VALUES (1, ?1, ?2, ?3)
    ON CONFLICT (id) DO UPDATE SET buster = excluded.buster, saved_at = excluded.saved_at,
      format_version = excluded.format_version
    """
}

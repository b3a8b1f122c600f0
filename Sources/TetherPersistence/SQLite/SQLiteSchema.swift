/// The versions of a database's schema, and how to bring a file from any older version to the
/// latest.
///
/// The version lives in the file header (`PRAGMA user_version`). Opening a file applies, in
/// order and in one transaction, every migration above the file's version, so a crash half-way
/// leaves the file at its old version.
///
/// ```swift
/// let schema = SQLiteSchema(migrations: [
///   "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)",   // version 1
///   "ALTER TABLE notes ADD COLUMN created_at REAL",                       // version 2
/// ])
/// try schema.migrate(database)
/// ```
public struct SQLiteSchema: Sendable {
  /// What ``migrate(_:)`` found and did.
  public enum Outcome: Sendable, Equatable {
    /// The file was at the latest version already.
    case current
    /// The file was brought from `version` (0 for a new file) to the latest.
    case migrated(from: Int)
  }

  /// The statements that bring version `n` to version `n + 1`, at index `n`.
  public let migrations: [String]

  /// A schema whose version `n` is reached by running `migrations[0..<n]`.
  public init(migrations: [String]) {
    self.migrations = migrations
  }

  /// The version the migrations reach.
  public var latestVersion: Int { migrations.count }

  /// Brings `database` to ``latestVersion``.
  ///
  /// Throws ``SQLiteError/Kind/newerSchema`` when the file is newer than this schema (written by a
  /// later build), without touching it.
  @discardableResult
  public func migrate(_ database: SQLiteConnection) throws(SQLiteError) -> Outcome {
    let version = try database.userVersion()
    if version == latestVersion { return .current }
    guard version < latestVersion else { throw newerFile(version, database) }
    return try database.transaction { () throws(SQLiteError) -> Outcome in
      // Read again under the write lock: another process may have migrated meanwhile.
      let locked = try database.userVersion()
      guard locked < latestVersion else {
        if locked == latestVersion { return .current }
        throw newerFile(locked, database)
      }
      for migration in migrations[locked...] { try database.execute(migration) }
      try database.setUserVersion(latestVersion)
      return .migrated(from: locked)
    }
  }

  private func newerFile(_ version: Int, _ database: SQLiteConnection) -> SQLiteError {
    SQLiteError(
      code: 1, message: "schema version \(version) is newer than this build's \(latestVersion)",
      operation: "migrate \(database.path)", kind: .newerSchema)
  }
}

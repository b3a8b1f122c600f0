import CSQLite
import Foundation

/// One connection to an SQLite database file: statements, transactions, pragmas.
///
/// A connection is used by one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`), so it
/// is not `Sendable`: keep it confined to one serial worker, as ``SQLiteRowStore`` does.
///
/// ```swift
/// let database = try SQLiteConnection(at: "/tmp/notes.sqlite")
/// try database.execute("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT)")
/// try database.transaction {
///   try database.prepare("INSERT INTO notes (text) VALUES (?)").run("first")
/// }
/// let count = try database.prepare("SELECT count(*) FROM notes").single(Int.self)
/// ```
public final class SQLiteConnection {
  /// How a connection opens its file.
  public enum OpenMode: Sendable, Hashable {
    /// Read and write, creating the file if it is missing.
    case readWrite
    /// Read only; the file must exist.
    case readOnly
    /// Read only, promising that nobody changes the file meanwhile, so SQLite takes no locks and
    /// needs no `-shm` file: the way to read a WAL database in a directory one cannot write.
    case immutable
  }

  /// The path the connection was opened at.
  public let path: String
  private let handle: OpaquePointer

  /// Opens (or creates) the database at `path`, which must not be a symbolic link.
  public init(at path: String, mode: OpenMode = .readWrite) throws(SQLiteError) {
    self.path = path
    // Never through a symbolic link: one planted in the file's place would send the cache
    // wherever it points.
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
    let name: String
    switch mode {
    case .readWrite:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      name = path
    case .readOnly:
      flags |= SQLITE_OPEN_READONLY
      name = path
    case .immutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = Self.immutableURI(path)
    }
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(name, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: status, message: message, operation: "open \(path)")
    }
    self.handle = handle
  }

  deinit {
    // v2: if a statement outlives the connection (it cannot: statements hold their connection)
    // SQLite would close once it is finalized instead of failing.
    sqlite3_close_v2(handle)
  }

  // MARK: Statements

  /// Runs one or more statements that return no rows, such as a schema.
  public func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard status == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? lastMessage
      throw SQLiteError(
        code: sqlite3_extended_errcode(handle), message: text,
        operation: "execute \(Self.excerpt(sql))")
    }
  }

  /// Compiles one statement; bind its parameters and step it, as often as needed.
  public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard status == SQLITE_OK, let statement else {
      throw error(status, "prepare \(Self.excerpt(sql))")
    }
    return SQLiteStatement(statement, connection: self, sql: sql)
  }

  // MARK: Transactions

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  ///
  /// The transaction is `IMMEDIATE`: it takes the write lock at the start (waiting up to the
  /// busy timeout), so it never fails half-way for want of a lock another writer holds.
  public func transaction<Result>(
    _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // SQLite rolls back by itself after some failures (a full disk, for one).
      if !isAutocommit { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Whether no transaction is open.
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  /// The rows the latest `INSERT`, `UPDATE` or `DELETE` changed.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  // MARK: Settings

  /// How long a statement waits for another connection's lock before failing with
  /// ``SQLiteError/Kind/busy``. Zero fails at once.
  public func setBusyTimeout(_ timeout: Duration) {
    let milliseconds = Int32(clamping: Int64(timeout.timeInterval * 1000))
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Switches the file to write-ahead logging, so readers never block the writer and a write
  /// cut short by a crash is rolled back at the next open; returns whether WAL is on.
  @discardableResult
  public func enableWriteAheadLog() throws(SQLiteError) -> Bool {
    try prepare("PRAGMA journal_mode = WAL").single(String.self).lowercased() == "wal"
  }

  /// The schema version kept in the file header (`PRAGMA user_version`); 0 for a new file.
  public func userVersion() throws(SQLiteError) -> Int {
    try prepare("PRAGMA user_version").single(Int.self)
  }

  /// Sets the schema version kept in the file header.
  public func setUserVersion(_ version: Int) throws(SQLiteError) {
    try execute("PRAGMA user_version = \(version)")
  }

  /// Caps the file at `bytes` (rounded down to whole pages): a write past it fails with
  /// ``SQLiteError/Kind/full``, as a full disk does. The cap lasts as long as the connection.
  public func setMaximumSize(_ bytes: Int) throws(SQLiteError) {
    let pageSize = try prepare("PRAGMA page_size").single(Int.self)
    let pages = max(1, bytes / max(pageSize, 1))
    _ = try prepare("PRAGMA max_page_count = \(pages)").single(Int.self)
  }

  // MARK: Errors

  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// The connection's latest failure, as an error about `operation`.
  func error(_ status: Int32, _ operation: String) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    // The extended code belongs to the latest failure; trust it only when it matches `status`.
    let code = extended & 0xFF == status & 0xFF ? extended : status
    return SQLiteError(code: code, message: lastMessage, operation: operation)
  }

  var rawHandle: OpaquePointer { handle }

  private static func excerpt(_ sql: String) -> String {
    let line = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? sql
    return line.count > 40 ? String(line.prefix(40)) + "…" : line
  }

  /// `file:/a%20b/posts.sqlite?immutable=1`.
  private static func immutableURI(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file:\(encoded)?immutable=1"
  }
}

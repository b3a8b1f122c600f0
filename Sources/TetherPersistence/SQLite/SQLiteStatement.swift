import CSQLite

/// A compiled statement of one ``SQLiteConnection``: bind parameters, step through rows, read
/// typed columns, and run it again.
///
/// ```swift
/// let insert = try database.prepare("INSERT INTO rows (key, value) VALUES (?, ?)")
/// for (key, value) in rows { try insert.run(key, value) }   // reset, bind, step each time
///
/// let select = try database.prepare("SELECT key, value FROM rows")
/// while try select.step() {
///   let key = select.column(0, as: String.self)
///   let value = select.column(1, as: Data.self)
/// }
/// ```
///
/// Like its connection, a statement is used by one thread at a time.
public final class SQLiteStatement {
  private let handle: OpaquePointer
  /// Kept so the connection outlives its statements.
  private let connection: SQLiteConnection
  /// The statement's text, for error messages.
  public let sql: String

  init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  // MARK: Parameters

  /// Binds `values` to the parameters `?1`, `?2`, … in order, after clearing earlier bindings
  /// and rewinding the statement.
  public func bind(_ values: any SQLiteBindable...) throws(SQLiteError) {
    try bind(values)
  }

  /// Binds `values` to the parameters `?1`, `?2`, … in order.
  public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
    reset()
    for (offset, value) in values.enumerated() {
      try value.bind(to: self, at: Int32(offset + 1))
    }
  }

  /// Rewinds the statement and clears its bindings, so it can run again.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  func bindInteger(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value), "bind")
  }

  func bindDouble(_ value: Double, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_double(handle, index, value), "bind")
  }

  func bindText(_ value: String, at index: Int32) throws(SQLiteError) {
    let status = value.withCString { text in
      sqlite3_bind_text64(
        handle, index, text, sqlite3_uint64(value.utf8.count), csqlite_transient(),
        UInt8(SQLITE_UTF8))
    }
    try check(status, "bind")
  }

  func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
    // A zero-length blob, not NULL, when `bytes` is empty.
    let status =
      bytes.isEmpty
      ? sqlite3_bind_zeroblob(handle, index, 0)
      : sqlite3_bind_blob64(
        handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
    try check(status, "bind")
  }

  func bindNull(at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(handle, index), "bind")
  }

  // MARK: Stepping

  /// Runs the statement to its next row: true when a row is ready to read, false when done.
  @discardableResult
  public func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let status:
      let error = connection.error(status, "step \(excerpt)")
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Binds `values`, runs the statement to its end and rewinds it: for statements that return
  /// no rows (`INSERT`, `UPDATE`, `DELETE`).
  public func run(_ values: any SQLiteBindable...) throws(SQLiteError) {
    try bind(values)
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Binds `values`, steps once and returns the first column of the first row: for
  /// `SELECT count(*)` and pragmas. Throws when there is no row.
  public func single<Value: SQLiteColumnValue>(
    _ type: Value.Type, _ values: any SQLiteBindable...
  ) throws(SQLiteError) -> Value {
    try bind(values)
    defer { sqlite3_reset(handle) }
    guard try step() else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "no row", operation: "step \(excerpt)")
    }
    return column(0, as: type)
  }

  // MARK: Columns

  /// The number of columns of a row.
  public var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// The value of column `index` (from 0) of the current row, converted to `type`.
  public func column<Value: SQLiteColumnValue>(_ index: Int, as type: Value.Type) -> Value {
    Value(column: Int32(index), of: self)
  }

  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  func text(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func blob<Result>(_ index: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let bytes = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
  }

  // MARK: Errors

  private func check(_ status: Int32, _ operation: String) throws(SQLiteError) {
    guard status == SQLITE_OK else { throw connection.error(status, "\(operation) \(excerpt)") }
  }

  private var excerpt: String {
    let line = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? sql
    return line.count > 40 ? String(line.prefix(40)) + "…" : line
  }
}

import Foundation

/// A Swift value that can be bound to a statement parameter.
///
/// `Int`, `Int64`, `Double`, `Bool`, `String`, `Data`, `Date` (seconds since 1970, as a real)
/// and optionals of them (nil binds `NULL`) conform.
public protocol SQLiteBindable {
  /// Binds the value to parameter `index` (from 1) of `statement`.
  func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError)
}

/// A Swift value that a result column can be read as.
///
/// Reading follows SQLite's own conversions: a `NULL` reads as 0, the empty string or empty
/// data, unless the type is optional.
public protocol SQLiteColumnValue {
  /// Reads column `index` (from 0) of the current row of `statement`.
  init(column index: Int32, of statement: SQLiteStatement)
}

extension Int64: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindInteger(self, at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.integer(index)
  }
}

extension Int: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindInteger(Int64(self), at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = Int(truncatingIfNeeded: statement.integer(index))
  }
}

extension Bool: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindInteger(self ? 1 : 0, at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.integer(index) != 0
  }
}

extension Double: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindDouble(self, at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.double(index)
  }
}

extension String: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindText(self, at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.text(index)
  }
}

extension Data: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    let bound = withUnsafeBytes { bytes in
      Result { () throws(SQLiteError) in try statement.bindBlob(bytes, at: index) }
    }
    try bound.get()
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.blob(index) { Data($0) }
  }
}

extension Date: SQLiteBindable, SQLiteColumnValue {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    try statement.bindDouble(timeIntervalSince1970, at: index)
  }

  public init(column index: Int32, of statement: SQLiteStatement) {
    self = Date(timeIntervalSince1970: statement.double(index))
  }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
  public func bind(to statement: SQLiteStatement, at index: Int32) throws(SQLiteError) {
    switch self {
    case .none: try statement.bindNull(at: index)
    case .some(let value): try value.bind(to: statement, at: index)
    }
  }
}

extension Optional: SQLiteColumnValue where Wrapped: SQLiteColumnValue {
  public init(column index: Int32, of statement: SQLiteStatement) {
    self = statement.isNull(index) ? nil : Wrapped(column: index, of: statement)
  }
}

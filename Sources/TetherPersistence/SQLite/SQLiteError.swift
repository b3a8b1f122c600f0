import CSQLite

/// A failure reported by SQLite: its result code, in words, with what was being done.
///
/// ``kind`` sorts the codes a cache must react to differently: a corrupt file is moved aside, a
/// busy or locked one is left to its owner, a read-only or full one stops saving.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What a failure means for whoever keeps a file.
  public enum Kind: String, Sendable, Hashable {
    /// The file is not a database, or its pages are damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    case corrupt
    /// Another connection holds a lock longer than the busy timeout (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED`).
    case busy
    /// The file or its directory cannot be written (`SQLITE_READONLY`, `SQLITE_PERM`,
    /// `SQLITE_CANTOPEN`, `SQLITE_AUTH`).
    case readOnly
    /// The disk, or the size limit of the database, is full (`SQLITE_FULL`).
    case full
    /// The operating system failed a read or a write (`SQLITE_IOERR`).
    case io
    /// The file's schema is newer than this build knows (written by a later version).
    case newerSchema
    /// Anything else: a misuse, a constraint, a syntax error.
    case other
  }

  /// The extended result code (`sqlite3_extended_errcode`).
  public let code: Int32
  /// SQLite's own message (`sqlite3_errmsg`), or ours for failures SQLite does not report.
  public let message: String
  /// What was being done: `"open"`, `"prepare INSERT …"`, `"step"`.
  public let operation: String

  /// What the failure means; derived from ``code`` unless given.
  public let kind: Kind

  /// An SQLite failure: its result code, its message and the operation that failed.
  public init(code: Int32, message: String, operation: String, kind: Kind? = nil) {
    self.code = code
    self.message = message
    self.operation = operation
    self.kind = kind ?? Self.kind(of: code)
  }

  /// The primary result code: the low byte of ``code``.
  public var primaryCode: Int32 { code & 0xFF }

  private static func kind(of code: Int32) -> Kind {
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
    case SQLITE_BUSY, SQLITE_LOCKED: .busy
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH: .readOnly
    case SQLITE_FULL: .full
    case SQLITE_IOERR: .io
    default: .other
    }
  }

  /// `step: database disk image is malformed (SQLite code 11)`.
  public var description: String {
    "\(operation): \(message) (SQLite code \(code))"
  }
}

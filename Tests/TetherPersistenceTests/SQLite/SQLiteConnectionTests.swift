import Foundation
import Testing
import TetherPersistence

/// The SQLite layer: typed binding and reading, transactions, pragmas and typed errors.
struct SQLiteConnectionTests {
  let directory: TemporaryDirectory
  let database: SQLiteConnection

  init() throws {
    directory = try TemporaryDirectory("sqlite-connection")
    database = try SQLiteConnection(at: directory.file("test.sqlite").path)
    try database.execute(
      "CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, f INTEGER, d REAL, o INTEGER)")
  }

  @Test func bindsAndReadsEveryType() throws {
    let date = Date(timeIntervalSince1970: 1_800_000_000.25)
    let text = "café 🐈 長城 \u{0} after a NUL"
    let bytes = Data([0, 1, 2, 255, 0])
    try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(Int64.max, 2.5, text, bytes, true, date, Int?.none)
    let select = try database.prepare("SELECT i, r, s, b, f, d, o FROM t")
    #expect(try select.step())
    #expect(select.column(0, as: Int64.self) == .max)
    #expect(select.column(1, as: Double.self) == 2.5)
    #expect(select.column(2, as: String.self) == text)
    #expect(select.column(3, as: Data.self) == bytes)
    #expect(select.column(4, as: Bool.self))
    #expect(select.column(5, as: Date.self) == date)
    #expect(select.column(6, as: Int?.self) == nil)
    #expect(select.column(0, as: Int?.self) == Int.max)
    #expect(try !select.step())
  }

  @Test func emptyBlobAndEmptyTextAreNotNull() throws {
    try database.prepare("INSERT INTO t (s, b) VALUES (?, ?)").run("", Data())
    let select = try database.prepare("SELECT s IS NULL, b IS NULL, length(b) FROM t")
    #expect(try select.step())
    #expect(!select.column(0, as: Bool.self))
    #expect(!select.column(1, as: Bool.self))
    #expect(select.column(2, as: Int.self) == 0)
  }

  @Test func aStatementRunsAgainWithNewBindings() throws {
    let insert = try database.prepare("INSERT INTO t (i) VALUES (?)")
    try database.transaction { () throws(SQLiteError) in
      for value in 1...100 { try insert.run(value) }
    }
    #expect(try database.prepare("SELECT sum(i) FROM t").single(Int.self) == 5050)
    #expect(try database.prepare("SELECT count(*) FROM t WHERE i > ?").single(Int.self, 90) == 10)
  }

  @Test func aTransactionCommitsWhenItsBodyReturns() throws {
    try database.transaction { () throws(SQLiteError) in
      try database.prepare("INSERT INTO t (i) VALUES (1)").run()
      try database.prepare("INSERT INTO t (i) VALUES (2)").run()
    }
    #expect(database.isAutocommit)
    #expect(try database.prepare("SELECT count(*) FROM t").single(Int.self) == 2)
  }

  @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
    #expect(throws: SQLiteError.self) {
      try database.transaction { () throws(SQLiteError) in
        try database.prepare("INSERT INTO t (i) VALUES (1)").run()
        try database.execute("INSERT INTO missing VALUES (1)")
      }
    }
    #expect(database.isAutocommit)
    #expect(try database.prepare("SELECT count(*) FROM t").single(Int.self) == 0)
  }

  @Test func writeAheadLoggingAndTheUserVersion() throws {
    #expect(try database.enableWriteAheadLog())
    #expect(try database.userVersion() == 0)
    try database.setUserVersion(7)
    #expect(FileManager.default.fileExists(atPath: directory.file("test.sqlite-wal").path))
    let reopened = try SQLiteConnection(at: directory.file("test.sqlite").path, mode: .readOnly)
    #expect(try reopened.userVersion() == 7)
    #expect(try reopened.prepare("PRAGMA journal_mode").single(String.self) == "wal")
  }

  @Test func errorsSayWhatFailedAndWhatKind() throws {
    do {
      _ = try database.prepare("SELEKT 1")
      Issue.record("prepared a syntax error")
    } catch {
      #expect(error.kind == .other)
      #expect(error.description.contains("prepare SELEKT 1"))
      #expect(error.description.contains("syntax error"))
    }
    let file = directory.file("not-a-database")
    try Data(repeating: 0x41, count: 8192).write(to: file)
    let notDatabase = try SQLiteConnection(at: file.path)
    #expect {
      try notDatabase.userVersion()
    } throws: { error in
      (error as? SQLiteError)?.kind == .corrupt
    }
  }

  @Test func aSizeCapFailsWritesAsAFullDiskDoes() throws {
    try database.setMaximumSize(64 * 1024)
    let insert = try database.prepare("INSERT INTO t (b) VALUES (?)")
    #expect {
      for _ in 0..<100 { try insert.run(Data(repeating: 7, count: 4096)) }
    } throws: { error in
      (error as? SQLiteError)?.kind == .full
    }
  }

  @Test func aMissingFileOpenedReadOnlyCannotBeOpened() throws {
    #expect {
      _ = try SQLiteConnection(at: directory.file("missing.sqlite").path, mode: .readOnly)
    } throws: { error in
      (error as? SQLiteError)?.kind == .readOnly
    }
  }

  @Test func anImmutableConnectionReadsAPathThatNeedsEscaping() throws {
    let file = directory.file("a b?c#d%e.sqlite")
    let writer = try SQLiteConnection(at: file.path)
    try writer.execute("CREATE TABLE x (v TEXT); INSERT INTO x VALUES ('kept')")
    let reader = try SQLiteConnection(at: file.path, mode: .immutable)
    #expect(try reader.prepare("SELECT v FROM x").single(String.self) == "kept")
  }
}

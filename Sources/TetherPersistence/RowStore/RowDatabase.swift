import Foundation
import TetherTime

/// The worker side of a ``SQLiteRowStore``: its connection, its prepared statements, and what to
/// do when the file fails. Used only on the store's serial worker.
final class RowDatabase {
  /// How a batch ended.
  enum WriteOutcome {
    /// Committed.
    case written
    /// Not written, and worth trying again with the next batch (a full disk, a busy lock).
    case retry
    /// Not written, and never will be this session (the file is unusable or read-only).
    case dropped
  }

  private struct Connection {
    let database: SQLiteConnection
    let upsertRow: SQLiteStatement
    let deleteRow: SQLiteStatement
    let deleteAllRows: SQLiteStatement
    let upsertMetadata: SQLiteStatement
    let deleteMetadata: SQLiteStatement
  }

  private enum Phase {
    /// Not opened yet, or to be opened again (after a full disk at open).
    case closed
    case open(Connection)
    /// Nothing is read or written any more this session.
    case unavailable
  }

  private let file: CacheFile
  private let configuration: SQLiteRowStore.Configuration
  private let clock: any TetherClock
  private let report: (PersistenceDiagnostic) -> Void
  private var phase = Phase.closed
  /// The problems reported so far; each is reported once (a moved file every time).
  private var reported: Set<String> = []

  init(
    file: URL, configuration: SQLiteRowStore.Configuration, clock: any TetherClock,
    report: @escaping (PersistenceDiagnostic) -> Void
  ) {
    self.file = CacheFile(url: file)
    self.configuration = configuration
    self.clock = clock
    self.report = report
  }

  // MARK: Reading

  /// Opens the file (recovering from what can be recovered) and reads every row.
  func load() -> StoredContents {
    switch phase {
    case .unavailable: return .empty
    case .open(let connection):
      do {
        return try read(connection.database)
      } catch {
        return recoverFromRead(error)
      }
    case .closed:
      do {
        let connection = try openConnection()
        phase = .open(connection)
        return try read(connection.database)
      } catch {
        return recoverFromRead(error)
      }
    }
  }

  private func recoverFromRead(_ error: SQLiteError) -> StoredContents {
    phase = .closed
    switch error.kind {
    case .corrupt, .newerSchema:
      guard moveAside(after: error) else { return .empty }
      do {
        phase = .open(try openConnection())
      } catch {
        fail(error)
      }
      return .empty
    case .readOnly:
      let contents = readWithoutWriting()
      fail(error)
      return contents
    case .full:
      // Show what is there; the next write tries to open the file again.
      let contents = readWithoutWriting()
      note(.full, error)
      return contents
    case .busy, .io, .other:
      fail(error)
      return .empty
    }
  }

  private func read(_ database: SQLiteConnection) throws(SQLiteError) -> StoredContents {
    var contents = StoredContents()
    let metadata = try database.prepare(RowSchema.selectMetadata)
    if try metadata.step() {
      contents.metadata = StoredMetadata(
        buster: metadata.column(0, as: String.self), savedAt: metadata.column(1, as: Date.self),
        formatVersion: metadata.column(2, as: Int.self))
    }
    let rows = try database.prepare(RowSchema.selectRows)
    while try rows.step() {
      contents.rows.append(
        StoredRow(
          key: rows.column(0, as: String.self), value: rows.column(1, as: Data.self),
          updatedAt: rows.column(2, as: Date.self)))
    }
    return contents
  }

  /// The rows of a file this process cannot write, read without locks or a shared-memory
  /// index (which a read-only directory cannot hold); empty when even that fails.
  private func readWithoutWriting() -> StoredContents {
    guard file.exists else { return .empty }
    do {
      return try read(SQLiteConnection(at: file.url.path, mode: .immutable))
    } catch {
      return .empty
    }
  }

  // MARK: Writing

  /// Writes `batch` in one transaction.
  func write(_ batch: RowBatch) -> WriteOutcome {
    write(batch, recovering: true)
  }

  private func write(_ batch: RowBatch, recovering: Bool) -> WriteOutcome {
    let connection: Connection
    switch phase {
    case .unavailable: return .dropped
    case .open(let open): connection = open
    case .closed:
      do {
        connection = try openConnection()
        phase = .open(connection)
      } catch {
        return recoverFromWrite(error, batch: batch, recovering: recovering)
      }
    }
    do {
      try connection.database.transaction { () throws(SQLiteError) in
        if batch.removesAllRows {
          try connection.deleteAllRows.run()
          try connection.deleteMetadata.run()
        }
        for (key, change) in batch.changes {
          if let row = change {
            try connection.upsertRow.run(row.key, row.value, row.updatedAt)
          } else {
            try connection.deleteRow.run(key)
          }
        }
        if let metadata = batch.metadata {
          try connection.upsertMetadata.run(
            metadata.buster, metadata.savedAt, metadata.formatVersion)
        }
      }
      return .written
    } catch {
      return recoverFromWrite(error, batch: batch, recovering: recovering)
    }
  }

  private func recoverFromWrite(
    _ error: SQLiteError, batch: RowBatch, recovering: Bool
  ) -> WriteOutcome {
    switch error.kind {
    case .corrupt, .newerSchema:
      phase = .closed
      guard recovering, moveAside(after: error) else {
        fail(error)
        return .dropped
      }
      return write(batch, recovering: false)
    case .full:
      note(.full, error)
      return .retry
    case .busy, .io:
      note(.writeFailed, error)
      return .retry
    case .readOnly, .other:
      phase = .closed
      fail(error)
      return .dropped
    }
  }

  // MARK: Opening and closing

  private func openConnection() throws(SQLiteError) -> Connection {
    do {
      try file.createDirectory()
    } catch {
      throw SQLiteError(
        code: 14, message: error.description, operation: "open \(file.url.path)", kind: .readOnly)
    }
    do {
      if let change = try file.makePrivate() { noteOnce(.tightened(change.description)) }
    } catch {
      // A link planted in the file's place, a file of another user's: never used.
      throw SQLiteError(
        code: 14, message: error.description, operation: "open \(file.url.path)", kind: .other)
    }
    let database = try SQLiteConnection(at: file.url.path)
    database.setBusyTimeout(configuration.busyTimeout)
    if let maximumSize = configuration.maximumSize { try database.setMaximumSize(maximumSize) }
    try database.enableWriteAheadLog()
    // In WAL mode NORMAL loses no committed transaction when the process dies, only on a
    // power cut, and never corrupts the file.
    try database.execute("PRAGMA synchronous = NORMAL")
    try RowSchema.schema.migrate(database)
    return Connection(
      database: database,
      upsertRow: try database.prepare(RowSchema.upsertRow),
      deleteRow: try database.prepare(RowSchema.deleteRow),
      deleteAllRows: try database.prepare(RowSchema.deleteAllRows),
      upsertMetadata: try database.prepare(RowSchema.upsertMetadata),
      deleteMetadata: try database.prepare(RowSchema.deleteMetadata))
  }

  /// Closes the connection; SQLite checkpoints the log into the file and deletes it.
  func close() {
    if case .open(let connection) = phase {
      // Everything in the write-ahead log goes into the file itself: a reader that cannot
      // write (a read-only folder, opened immutable) reads the file and never the log.
      try? connection.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    phase = .unavailable
  }

  // MARK: Problems

  /// Moves the unusable file aside and says so; false (after saying why) when it cannot be.
  private func moveAside(after error: SQLiteError) -> Bool {
    let isNewer = error.kind == .newerSchema
    do {
      let moved = try file.moveAside(reason: isNewer ? "newer" : "corrupt", at: clock.now())
      let problem: PersistenceDiagnostic.Problem =
        isNewer ? .newerSchema(movedTo: moved) : .corrupt(movedTo: moved)
      report(PersistenceDiagnostic(problem, file: file.url, detail: error.description))
      return true
    } catch {
      phase = .unavailable
      note(.unusable, detail: "cannot move it aside: \(Self.reason(error))")
      return false
    }
  }

  /// Gives up on the file for this session, saying why.
  private func fail(_ error: SQLiteError) {
    phase = .unavailable
    switch error.kind {
    case .busy: note(.locked, error)
    case .readOnly: note(.readOnly, error)
    case .full: note(.full, error)
    case .corrupt, .newerSchema, .io, .other: note(.unusable, error)
    }
  }

  private func note(_ problem: PersistenceDiagnostic.Problem, _ error: SQLiteError) {
    note(problem, detail: error.description)
  }

  /// Reports `problem` the first time it happens only.
  private func noteOnce(_ problem: PersistenceDiagnostic.Problem) {
    let key = String(describing: problem)
    guard reported.insert(key).inserted else { return }
    report(PersistenceDiagnostic(problem, file: file.url, detail: ""))
  }

  private func note(_ problem: PersistenceDiagnostic.Problem, detail: String) {
    let key = String(describing: problem)
    guard reported.insert(key).inserted else { return }
    report(PersistenceDiagnostic(problem, file: file.url, detail: detail))
  }

  private static func reason(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}

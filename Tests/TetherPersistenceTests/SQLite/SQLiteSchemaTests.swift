import Foundation
import Testing
import TetherPersistence

/// Schema versions: a new file gets every migration, an old one the missing ones, a newer one
/// is left alone, and a failed migration leaves the file at its old version.
struct SQLiteSchemaTests {
  let directory: TemporaryDirectory
  let version1 = SQLiteSchema(migrations: ["CREATE TABLE notes (text TEXT NOT NULL)"])
  let version2 = SQLiteSchema(migrations: [
    "CREATE TABLE notes (text TEXT NOT NULL)",
    "ALTER TABLE notes ADD COLUMN created_at REAL NOT NULL DEFAULT 0",
  ])

  init() throws {
    directory = try TemporaryDirectory("sqlite-schema")
  }

  private func open() throws -> SQLiteConnection {
    try SQLiteConnection(at: directory.file("notes.sqlite").path)
  }

  @Test func aNewFileGetsEveryMigration() throws {
    let database = try open()
    #expect(try version2.migrate(database) == .migrated(from: 0))
    #expect(try database.userVersion() == 2)
    #expect(try version2.migrate(database) == .current)
  }

  @Test func anOldFileKeepsItsRowsAndGetsTheMissingMigrations() throws {
    let old = try open()
    try version1.migrate(old)
    try old.prepare("INSERT INTO notes (text) VALUES (?)").run("written by version 1")

    let database = try open()
    #expect(try version2.migrate(database) == .migrated(from: 1))
    let select = try database.prepare("SELECT text, created_at FROM notes")
    #expect(try select.step())
    #expect(select.column(0, as: String.self) == "written by version 1")
    #expect(select.column(1, as: Double.self) == 0)
  }

  @Test func aNewerFileIsRefusedAndLeftAsItIs() throws {
    try version2.migrate(try open())
    #expect {
      try version1.migrate(try open())
    } throws: { error in
      (error as? SQLiteError)?.kind == .newerSchema
    }
    #expect(try open().userVersion() == 2)
  }

  @Test func aFailedMigrationLeavesTheOldVersion() throws {
    try version1.migrate(try open())
    let broken = SQLiteSchema(migrations: version1.migrations + ["ALTER TABLE missing ADD x"])
    #expect(throws: SQLiteError.self) { try broken.migrate(try open()) }
    #expect(try open().userVersion() == 1)
  }
}

import Foundation
import TetherPersistence

/// Damages SQLite files the ways disks and crashes do.
enum FileDamage {
  /// The page (from 1) where the b-tree of `name` (a table or an index) starts.
  static func rootPage(of name: String, in file: URL) throws -> Int {
    let database = try SQLiteConnection(at: file.path, mode: .readOnly)
    return try database.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?")
      .single(Int.self, name)
  }

  /// The name of the index SQLite made for the primary key of `table`.
  static func primaryKeyIndex(of table: String, in file: URL) throws -> String {
    let database = try SQLiteConnection(at: file.path, mode: .readOnly)
    return try database.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?"
    ).single(String.self, table)
  }

  /// Overwrites page `page` (from 1, 4096 bytes) with bytes no b-tree page starts with.
  static func scribble(page: Int, of file: URL) throws {
    let handle = try FileHandle(forUpdating: file)
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64((page - 1) * 4096))
    handle.write(Data(repeating: 0xEE, count: 4096))
  }
}

extension Data {
  /// Writes the bytes to `url` as a user's own cache file is: readable by that user alone (a
  /// looser file would be tightened, and said).
  func writePrivately(to url: URL) throws {
    try write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
  }
}

import Foundation
import TetherSystem

/// The files of one SQLite database on disk: the database, its write-ahead log and its shared
/// memory index, and how to move them aside when the database cannot be used.
struct CacheFile {
  let url: URL

  var directory: URL { url.deletingLastPathComponent() }
  private var companions: [String] { ["-wal", "-journal"] }

  /// Creates the directory the file lives in, with its missing parents, each 0700.
  func createDirectory() throws(SystemError) {
    try PrivateDirectory.make(directory.path)
  }

  /// Makes the file this user's alone before SQLite opens it: created 0600 when missing (SQLite
  /// gives its `-wal` and `-shm` files the database's mode), never through a symbolic link, and
  /// tightened with its companions when they let other users in. Returns the first looser mode
  /// found, to say once. A file this user may not write is left for SQLite to read.
  func makePrivate() throws(SystemError) -> ModeChange? {
    var change: ModeChange?
    do {
      let opened = try PrivateFile.open(url.path, .readWrite)
      close(opened.descriptor)
      change = opened.modeChange
    } catch let error where [EACCES, EPERM, EROFS].contains(error.code) {
      return nil
    }
    for companion in companions + ["-shm"] {
      let tightened = try PrivateFile.tighten(url.path + companion)
      change = change ?? tightened
    }
    return change
  }

  var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

  /// Moves the database and its log to `posts.sqlite.<reason>-20260102T030405Z` (and
  /// `…-wal`), deleting the shared-memory index, so that a new database can take its place
  /// and the old one stays for whoever wants to inspect it. Returns where it went.
  ///
  /// The log must move with its database: a new file next to an old `-wal` would replay the
  /// old pages into it.
  func moveAside(reason: String, at date: Date) throws -> URL {
    let manager = FileManager.default
    let base = "\(url.path).\(reason)-\(Self.stamp(date))"
    var target = base
    var suffix = 2
    while manager.fileExists(atPath: target) {
      target = "\(base)-\(suffix)"
      suffix += 1
    }
    if manager.fileExists(atPath: url.path) {
      try manager.moveItem(atPath: url.path, toPath: target)
    }
    for companion in companions where manager.fileExists(atPath: url.path + companion) {
      try manager.moveItem(atPath: url.path + companion, toPath: target + companion)
    }
    if manager.fileExists(atPath: url.path + "-shm") {
      try manager.removeItem(atPath: url.path + "-shm")
    }
    return URL(fileURLWithPath: target)
  }

  /// `20260102T030405Z`: sortable, and free of characters a file name should not have.
  static func stamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }
}

import Foundation

/// Something went wrong with a cache file, what was done about it, in a sentence a user can
/// read. A ``SQLiteRowStore`` reports each kind of problem once.
///
/// ```swift
/// let rows = SQLiteRowStore(at: file) { diagnostic in
///   statusBar.show(diagnostic.message)   // "cache /…/posts.sqlite is damaged: started empty, …"
/// }
/// ```
public struct PersistenceDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The kinds of problem, each with its consequence.
  public enum Problem: Sendable, Hashable {
    /// The file was damaged, or not a database: it was moved to `movedTo` and a new, empty
    /// file replaces it. Whoever writes the rows should write them all again.
    case corrupt(movedTo: URL)
    /// The file was written by a newer build with a schema this one does not know: it was
    /// moved to `movedTo` and a new, empty file replaces it.
    case newerSchema(movedTo: URL)
    /// Another process holds the file locked: nothing is read or written this session.
    case locked
    /// The file or its directory cannot be written: what could be read is used, nothing is
    /// saved this session.
    case readOnly
    /// The disk (or the file's size limit) is full: changes are kept in memory and written
    /// when a later write succeeds.
    case full
    /// Any other failure of the file: nothing is read or written this session.
    case unusable
    /// A write failed for a reason that may pass (a busy lock, an I/O error): it is retried
    /// with the next one.
    case writeFailed
    /// The file, or its journal, let other users read it: its mode was tightened (what
    /// changed, in words). Nothing else changes.
    case tightened(String)
  }

  /// What happened.
  public let problem: Problem
  /// The cache file concerned.
  public let file: URL
  /// SQLite's or the system's own words.
  public let detail: String

  /// A diagnostic of kind `notice` about `file`, with what the system said.
  public init(_ problem: Problem, file: URL, detail: String) {
    self.problem = problem
    self.file = file
    self.detail = detail
  }

  /// The sentence to show: what happened, what was done, and the detail.
  public var message: String {
    detail.isEmpty ? sentence(naming: file.path) : "\(sentence(naming: file.path)) (\(detail))"
  }

  /// The sentence without the file's directory and SQLite's words, for a line too narrow for
  /// both: `cache posts.sqlite is damaged: started empty, the old one kept as …`.
  public var summary: String {
    sentence(naming: file.lastPathComponent)
  }

  private func sentence(naming path: String) -> String {
    let what: String =
      switch problem {
      case .corrupt(let movedTo):
        "cache \(path) is damaged: started empty, the old one kept as \(movedTo.lastPathComponent)"
      case .newerSchema(let movedTo):
        "cache \(path) is from a newer version: started empty, the old one kept as "
          + movedTo.lastPathComponent
      case .locked:
        "cache \(path) is locked by another process: started empty, not saving this session"
      case .readOnly:
        "cache \(path) cannot be written: not saving this session"
      case .full:
        "cache \(path): disk full, changes kept in memory until a write succeeds"
      case .unusable:
        "cache \(path) cannot be used: started empty, not saving this session"
      case .writeFailed:
        "cache \(path): a write failed and will be retried"
      case .tightened(let change):
        "cache \(change.replacingOccurrences(of: file.path, with: path))"
      }
    return what
  }

  public var description: String { message }
}
